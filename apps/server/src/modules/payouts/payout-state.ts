import type { PayoutState } from '@tuzo/contracts';

/**
 * The payout state machine, one exhaustive switch (docs/money.md "Payouts", decision 032).
 *
 *   approved --ack--> sent
 *   approved | sent --paid--> paid          (a matching result, or the status query)
 *   approved | sent --failed--> failed      (a refusal at send time, or the status query; a failure result is only
 *                                            confirmed by a status query first: decision 046)
 *   approved | sent --lost--> unknown       (timeout, gateway error, no result in time, a result we do not trust)
 *   unknown --paid | failed--> paid | failed  (only the status query / transfer fetch decides: `byQuery`)
 *   unknown --ack of a re-send--> sent        (kept for a re-send's acknowledgement; since decision 046 nothing
 *                                              re-sends a payout: "not found" waits for an operator)
 *
 * An operator's "mark paid outside Tuzo" (decision 033) and "mark failed" (decision 046) are `paid` / `failed` events
 * with `byQuery` (settled_by operator), allowed only for unknown or overdue approved/sent payouts the provider answered
 * `failed` or `not-found` about (`payout-paid-outside.ts whyNotMarkable`).
 *
 * paid and failed are final: any event after them is `ignore` (a late or replayed result changes nothing). An ack
 * after a result, or a loss report on an unknown payout, is `ignore` too.
 */
export type PayoutEvent = 'ack' | 'paid' | 'failed' | 'lost';

export type PayoutStep = { next: PayoutState } | { ignore: string } | { confirm: string };

export function nextPayoutState(
  state: PayoutState,
  event: PayoutEvent,
  options: { byQuery: boolean; isResend?: boolean },
): PayoutStep {
  switch (state) {
    case 'approved':
    case 'sent':
      switch (event) {
        case 'ack':
          return state === 'approved' ? { next: 'sent' } : { ignore: 'already acknowledged' };
        case 'paid':
          return { next: 'paid' };
        case 'failed':
          // A failure returns the hold: a callback alone (unsigned, forgeable) never does; the status query decides.
          return options.byQuery ? { next: 'failed' } : { confirm: 'a failure result is confirmed by a status query' };
        case 'lost':
          return { next: 'unknown' };
        default:
          return assertNever(event);
      }
    case 'unknown':
      switch (event) {
        case 'ack':
          // Only the acknowledgement of a re-send (the provider said it had no such payment) makes it sent again.
          return options.isResend ? { next: 'sent' } : { ignore: 'already unknown: the status query decides' };
        case 'lost':
          return { ignore: 'already unknown: the status query decides' };
        case 'paid':
        case 'failed':
          // Unknown is never settled on a callback alone: only the provider's status answer decides it.
          return options.byQuery ? { next: event } : { confirm: 'a result for an unknown payout is confirmed by a status query' };
        default:
          return assertNever(event);
      }
    case 'paid':
    case 'failed':
      return { ignore: `already ${state}` };
    default:
      return assertNever(state);
  }
}

export const LIVE_STATES: readonly PayoutState[] = ['approved', 'sent', 'unknown'];

function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${String(value)}`);
}
