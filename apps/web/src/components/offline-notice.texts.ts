import { defineTexts } from '@/i18n';

export const offlineNoticeTexts = defineTexts('offline-notice', {
  en: {
    title: 'You are offline.',
    body: 'Signing in, balances, deposits, withdrawals, transfers, tasks and spins need the network. Anything shown was loaded earlier and is refreshed when you are back online.',
  },
  sw: {
    title: 'Huna mtandao.',
    body: 'Kuingia, salio, kuweka pesa, kutoa pesa, kutuma pesa, kazi na mizunguko vinahitaji mtandao. Kinachoonyeshwa kilipakiwa awali na kitasasishwa utakaporudi mtandaoni.',
  },
});
