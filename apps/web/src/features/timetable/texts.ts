import { defineTexts } from '@/i18n';

/** The task timetable: its headings and the spec's fixed rows (the server's own rows are shown as they are). */
export const timetableTexts = defineTexts('timetable', {
  en: {
    title: 'Task Timetable',
    task: 'Task',
    when: 'When',
    noTasks: 'No additional tasks available',
    dailyBonuses: 'Daily Bonuses',
    welcomeBonus: 'Welcome Bonus',
    freeSpin: 'Free Spin',
    casinoSpin: 'Casino Spin',
    affiliateEarnings: 'Affiliate Earnings',
    forexAdvancement: 'Forex Advancement',
    crypto: 'Crypto',
    daily: 'Daily',
    onceAfterJoining: 'Once after joining',
    dailyUnlimited: 'Daily, unlimited',
  },
  sw: {
    title: 'Ratiba ya Kazi',
    task: 'Kazi',
    when: 'Lini',
    noTasks: 'Hakuna kazi za ziada kwa sasa',
    dailyBonuses: 'Bonasi za Kila Siku',
    welcomeBonus: 'Bonasi ya Kukaribishwa',
    freeSpin: 'Mzunguko wa Bure',
    casinoSpin: 'Mzunguko wa Kasino',
    affiliateEarnings: 'Mapato ya Mialiko',
    forexAdvancement: 'Mafunzo ya Forex',
    crypto: 'Sarafu za Kidijitali',
    daily: 'Kila siku',
    onceAfterJoining: 'Mara moja baada ya kujiunga',
    dailyUnlimited: 'Kila siku, bila kikomo',
  },
});

type TimetableKey = keyof typeof timetableTexts.en;

/** The key of a fixed row's English words (contracts' STATIC_TIMETABLE_ROWS). */
export const TIMETABLE_KEYS: Record<string, TimetableKey> = Object.fromEntries(
  Object.entries(timetableTexts.en).map(([key, text]) => [text, key as TimetableKey]),
);
