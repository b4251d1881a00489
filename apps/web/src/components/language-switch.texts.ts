import { defineTexts } from '@/i18n';

export const languageSwitchTexts = defineTexts('language-switch', {
  en: {
    label: 'Language',
  },
  sw: {
    label: 'Lugha',
  },
});
