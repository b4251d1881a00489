import type { AppDeps } from '../../lib/deps.ts';

/**
 * What other modules may hear from withdrawals without withdrawals importing them (no module cycle, decision 028):
 * `withdrawal requested`, published by `systemwithdrawal` once the hold (and its risk flags) have committed. The
 * payouts module subscribes at start-up to offer the withdrawal to auto-pay (decision 035). Subscribers are kept
 * per app (its deps), run in order, and are awaited, so the member's answer comes after them.
 */
type Listener = (withdrawalId: bigint) => Promise<void>;

const listeners = new WeakMap<AppDeps, Listener[]>();

export function onWithdrawalRequested(deps: AppDeps, listener: Listener): void {
  listeners.set(deps, [...(listeners.get(deps) ?? []), listener]);
}

export async function publishWithdrawalRequested(deps: AppDeps, withdrawalId: bigint): Promise<void> {
  for (const listener of listeners.get(deps) ?? []) await listener(withdrawalId);
}
