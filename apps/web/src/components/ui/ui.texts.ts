import { defineTexts } from '@/i18n';

/** The shared building blocks' own words: the loading spinner, the dialog's close button, the menu toggle. */
export const uiTexts = defineTexts('ui', {
  en: {
    loading: 'Loading',
    close: 'Close',
    toggleMenu: 'Toggle menu',
    toggleMenuTitle: 'Toggle menu (Ctrl+B)',
  },
  sw: {
    loading: 'Inapakia',
    close: 'Funga',
    toggleMenu: 'Fungua au funga menyu',
    toggleMenuTitle: 'Fungua au funga menyu (Ctrl+B)',
  },
});
