import { defineTexts } from '@/i18n';

export const dataTableTexts = defineTexts('data-table', {
  en: { swipeHint: 'Swipe the table sideways to see every column.' },
  sw: { swipeHint: 'Telezesha jedwali kando ili kuona safu wima zote.' },
});
