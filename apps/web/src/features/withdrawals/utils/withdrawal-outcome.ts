import type { WithdrawalHistoryRow } from '@tuzo/contracts';

/** What the history says under a withdrawal's status: the receipt it was paid with, or why the money came back. */
export type WithdrawalOutcome = { kind: 'receipt'; text: string } | { kind: 'reason'; text: string } | null;

/**
 * A Completed withdrawal paid by M-Pesa (or a transfer) shows its receipt; a Declined one whose payout failed shows
 * the reason in the member's words. Pending rows, withdrawals paid by hand and declines by an operator show nothing
 * more (the server sends null), and so does a field the server did not send.
 */
export function withdrawalOutcome(
  row: Pick<WithdrawalHistoryRow, 'Status'> & Partial<Pick<WithdrawalHistoryRow, 'Receipt' | 'Reason'>>,
): WithdrawalOutcome {
  const receipt = row.Receipt?.trim();
  if (row.Status === '2' && receipt) return { kind: 'receipt', text: receipt };
  const reason = row.Reason?.trim();
  if (row.Status === '1' && reason) return { kind: 'reason', text: reason };
  return null;
}
