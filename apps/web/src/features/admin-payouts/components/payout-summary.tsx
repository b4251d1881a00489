import type { AdminPayoutRow } from '@tuzo/contracts';
import type { ReactNode } from 'react';
import { formatMoney } from '@/lib/money';

/** "Payout #7 of KES 500.00 to amina (2547…) …": the payout a dialog acts on, then what happens to it. */
export function PayoutSummary({ payout, children }: { payout: AdminPayoutRow | null; children: ReactNode }) {
  if (!payout) return null;
  return (
    <p>
      Payout #{payout.id} of <strong>{formatMoney(payout.amount, payout.currency)}</strong> to <strong>{payout.username}</strong>{' '}
      ({payout.phone}) {children}
    </p>
  );
}
