import { defineTexts } from '@/i18n';

export const formatDateTexts = defineTexts('format-date', {
  en: {
    missing: 'N/A',
    months: 'January February March April May June July August September October November December',
    longDateTime: '{month} {day}, {year} at {time}',
  },
  sw: {
    missing: 'Haipatikani',
    months: 'Januari Februari Machi Aprili Mei Juni Julai Agosti Septemba Oktoba Novemba Desemba',
    longDateTime: '{day} {month} {year} saa {time}',
  },
});
