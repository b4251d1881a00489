import { DepositHistoryTable, DepositMethods } from '@/features/deposit';

/** Deposit (/deposit): the methods the server enables for the member's country, then 'Recent Deposits'. */
export default function DepositRoute() {
  return (
    <div className="flex flex-col gap-6">
      <DepositMethods />
      <DepositHistoryTable />
    </div>
  );
}
