import { defineTexts } from '@/i18n';

/** The api client's own toasts (spec part 1, section 8); the server's `msg` comes in the language asked for. */
export const apiClientTexts = defineTexts('api-client', {
  en: {
    sessionExpired: 'Session expired. Please login again.',
    genericError: 'An error occurred',
    unreadable: 'The server sent an unreadable response',
  },
  sw: {
    sessionExpired: 'Muda wa kuingia umeisha. Tafadhali ingia tena.',
    genericError: 'Hitilafu imetokea',
    unreadable: 'Seva imetuma jibu lisilosomeka',
  },
});
