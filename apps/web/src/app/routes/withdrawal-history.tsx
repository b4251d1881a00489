import { WithdrawalHistoryTable } from '@/features/withdrawals';

/** Withdrawal History (/withdrawal-history). */
export default function WithdrawalHistoryRoute() {
  return <WithdrawalHistoryTable />;
}
