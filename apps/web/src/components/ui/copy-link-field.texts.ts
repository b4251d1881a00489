import { defineTexts } from '@/i18n';

export const copyLinkFieldTexts = defineTexts('copy-link-field', {
  en: { copy: 'Copy link' },
  sw: { copy: 'Nakili kiungo' },
});
