import { defineTexts } from '@/i18n';

/** The payouts page's banner while payouts are paused after a database restore (decision 054). */
export const restoredTexts = defineTexts('admin-payouts-restored', {
  en: {
    title: 'Restored from a backup: payouts are paused',
    body:
      'The database was restored to {recoveryPoint}. {awaiting} of {inFlight} payouts that were on their way then still ' +
      'wait for their provider’s answer. No payout is sent and no retry is possible until each has an answer; payouts ' +
      'then resume by themselves.',
    earlier: 'an earlier point',
  },
  sw: {
    title: 'Imerejeshwa kutoka kwenye nakala ya akiba: malipo yamesimamishwa',
    body:
      'Hifadhidata ilirejeshwa hadi {recoveryPoint}. Malipo {awaiting} kati ya {inFlight} yaliyokuwa njiani wakati huo ' +
      'bado yanasubiri jibu la mtoa huduma wake. Hakuna malipo yanayotumwa wala kujaribiwa tena hadi kila moja ' +
      'lipate jibu; kisha malipo yanaendelea yenyewe.',
    earlier: 'wakati wa awali',
  },
});
