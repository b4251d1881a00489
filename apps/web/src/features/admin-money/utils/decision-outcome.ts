import type { ApprovalRequestedData, UpdateTransData } from '@tuzo/contracts';

/** What the operator reads after a decision on one withdrawal, and whether it went as asked. */
export interface DecisionOutcome {
  tone: 'success' | 'error';
  text: string;
}

/** Approving a withdrawal of a country paid by hand moves the money on the books only. */
export const PAID_BY_HAND_TEXT = 'Paid by hand: approving paid no one, so pay the member yourself.';

/**
 * The toast after `updatetrans`: the server's msg (which says where a payout stands), shown as an error when the
 * provider refused the payout the approval started, and followed by a plain warning when the approval started no
 * payout at all (the member's country is paid by hand, so nobody was paid).
 */
export function decisionOutcome(
  decision: '1' | '2',
  data: UpdateTransData | ApprovalRequestedData | null | undefined,
  msg: string,
): DecisionOutcome {
  const text = msg || 'Withdrawal updated';
  if (decision !== '2' || !data || !('status' in data)) return { tone: 'success', text };
  const payout = data.payout ?? null;
  if (payout === null && data.status === '2') return { tone: 'success', text: `${text}. ${PAID_BY_HAND_TEXT}` };
  return { tone: payout?.state === 'failed' ? 'error' : 'success', text };
}
