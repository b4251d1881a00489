import { defineTexts } from '@/i18n';

/** App-wide messages: the error screen, the update prompt and the notification banner. */
export const appMessagesTexts = defineTexts('app-messages', {
  en: {
    errorTitle: 'Something went wrong',
    errorBody: 'Please check your connection and reload the page.',
    reload: 'Reload',
    updateTitle: 'A new version is available',
    dismiss: 'Dismiss',
    closeNotification: 'Close notification',
  },
  sw: {
    errorTitle: 'Hitilafu imetokea',
    errorBody: 'Tafadhali angalia muunganisho wako wa mtandao kisha upakie ukurasa upya.',
    reload: 'Pakia upya',
    updateTitle: 'Toleo jipya linapatikana',
    dismiss: 'Funga',
    closeNotification: 'Funga arifa',
  },
});
