import { defineTexts } from '@/i18n';

/**
 * The share page's link results (issue 26 part 5). Swahili follows docs/glossary.md: affiliate link "kiungo cha
 * mwaliko", sign-up "usajili", activating an account "kuwezesha", commission "kamisheni".
 */
export const referralStatsTexts = defineTexts('referral-stats', {
  en: {
    title: 'Your Link Results',
    description: 'What your affiliate link brought in the last 30 days. Visits are counted without recording who visited.',
    failed: 'Failed to load your link results',
    show: 'Show on the chart',
    visits: 'Visits',
    signups: 'Sign-ups',
    activations: 'Activations',
    commissions: 'Commissions',
    day: 'Day',
    total: 'Last 30 days',
    tableTitle: 'Your link results per day',
    chartSummary: '{metric} per day over the last 30 days: {total} in all, {most} at most on one day ({mostDay}), {today} today.',
    chartEmpty: '{metric} per day over the last 30 days: none yet.',
  },
  sw: {
    title: 'Matokeo ya Kiungo Chako',
    description:
      'Kiungo chako cha mwaliko kimeleta nini katika siku 30 zilizopita. Matembeleo huhesabiwa bila kurekodi aliyetembelea.',
    failed: 'Imeshindikana kupakia matokeo ya kiungo chako',
    show: 'Onyesha kwenye chati',
    visits: 'Matembeleo',
    signups: 'Usajili',
    activations: 'Akaunti zilizowezeshwa',
    commissions: 'Kamisheni',
    day: 'Siku',
    total: 'Siku 30 zilizopita',
    tableTitle: 'Matokeo ya kiungo chako kwa siku',
    chartSummary:
      '{metric} kwa siku katika siku 30 zilizopita: {total} kwa jumla, {most} zaidi kwa siku moja ({mostDay}), {today} leo.',
    chartEmpty: '{metric} kwa siku katika siku 30 zilizopita: bado hakuna.',
  },
});
