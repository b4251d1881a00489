/**
 * The withdrawals module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/withdrawals/ import this file only; tests may reach inside.
 */
export { decideWithdrawal, findWithdrawal, holdSettlementLegs, refundedText } from './withdrawal-decision.service.ts';
export type { WithdrawalDecision } from './withdrawal-decision.service.ts';
export { onWithdrawalRequested, publishWithdrawalRequested } from './withdrawal-events.ts';
export { assertPayable, loadPayee } from './withdrawal-limits.ts';
export { lockWithdrawalForPayout } from './withdrawal-lock.ts';
export { markWithdrawalSettled } from './withdrawal-outcomes.service.ts';
export { retakeWithdrawal } from './withdrawal-retry.ts';
export { withdrawalsActions } from './withdrawals.actions.ts';
export type { WithdrawalRow } from './withdrawals.repository.ts';
export { requestWithdrawal } from './withdrawals.service.ts';
