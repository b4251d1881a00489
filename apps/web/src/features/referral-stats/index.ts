export { ReferralStatsCard } from './components/referral-stats-card';
export { useReferralVisit } from './api/record-referral-visit';
export { referralStatsTexts } from './texts';
