import { AdminWithdrawalsPanel } from './admin-withdrawals-panel';
import { DepositsPanel } from './deposits-panel';
import { ReviewCodesPanel } from './review-codes-panel';

/** Money: the withdrawal queue, unmatched manual codes and deposits (stuck pushes first). */
export function MoneyPage() {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-bold text-slate-900">Money</h1>
      <AdminWithdrawalsPanel />
      <ReviewCodesPanel />
      <DepositsPanel />
    </div>
  );
}
