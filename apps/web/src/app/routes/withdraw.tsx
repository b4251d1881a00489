import { ComingSoon } from '@/components/coming-soon';

/** Withdraw Funds (/withdraw). Coming soon: another engineer replaces this file with the real screen. */
export default function WithdrawRoute() {
  return <ComingSoon title="Withdraw Funds" />;
}
