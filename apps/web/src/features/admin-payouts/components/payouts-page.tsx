import { useState } from 'react';
import { OperatorOnly } from '@/components/operator-only';
import { MoneyAlertsCard } from './money-alerts';
import { PayoutBalanceCard } from './payout-balance-card';
import { PayoutDetailDialog } from './payout-detail-dialog';
import { PayoutMethodsCard } from './payout-methods-card';
import { PayoutsQueue } from './payouts-queue';
import { RestoredBanner } from './restored-banner';
import { RiskFlagsPanel } from './risk-flags-panel';
import { SettlementCard } from './settlement-card';

/**
 * /admin/payouts: the money alerts (decision 046), how each country is paid, the payout balance and the risk flags holding withdrawals (operators), the
 * payout queue with each payout's provider exchanges, and the daily settlement CSV (operators).
 */
export function PayoutsPage() {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-bold text-slate-900">Payouts</h1>
      <RestoredBanner />
      <MoneyAlertsCard />
      <PayoutMethodsCard />
      <OperatorOnly>
        <PayoutBalanceCard />
        <RiskFlagsPanel />
      </OperatorOnly>
      <PayoutsQueue onOpen={(row) => setOpenId(row.id)} />
      <OperatorOnly>
        <SettlementCard />
      </OperatorOnly>
      <PayoutDetailDialog payoutId={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
