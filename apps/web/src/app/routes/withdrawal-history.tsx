import { ComingSoon } from '@/components/coming-soon';

/** Withdrawal History (/withdrawal-history). Coming soon: another engineer replaces this file with the real screen. */
export default function WithdrawalHistoryRoute() {
  return <ComingSoon title="Withdrawal History" />;
}
