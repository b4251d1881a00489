import { defineTexts } from '@/i18n';

export const authLayoutTexts = defineTexts('auth-layout', {
  en: {
    headline: 'Earn from tasks, bonuses and your team.',
    tagline: 'Daily bonuses, spins, trivia and referral earnings over three levels, all in one wallet.',
  },
  sw: {
    headline: 'Pata pesa kupitia kazi, bonasi na timu yako.',
    tagline: 'Bonasi za kila siku, mizunguko, chemsha bongo na mapato ya mialiko katika ngazi tatu, yote kwenye pochi moja.',
  },
});
