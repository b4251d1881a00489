import { defineTexts } from '@/i18n';

/** The account gate's own screens (loading the account, or failing to). */
export const appTexts = defineTexts('app', {
  en: {
    loadFailedTitle: 'Could not load your account',
    loadFailedBody: 'Please check your connection and try again.',
    tryAgain: 'Try again',
    logout: 'Logout',
    loadingAccount: 'Loading your account',
  },
  sw: {
    loadFailedTitle: 'Imeshindikana kupakia akaunti yako',
    loadFailedBody: 'Tafadhali angalia muunganisho wako wa mtandao kisha ujaribu tena.',
    tryAgain: 'Jaribu tena',
    logout: 'Toka',
    loadingAccount: 'Inapakia akaunti yako',
  },
});
