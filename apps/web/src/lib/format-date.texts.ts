import { defineTexts } from '@/i18n';

export const formatDateTexts = defineTexts('format-date', {
  en: { missing: 'N/A' },
  sw: { missing: 'Haipatikani' },
});
