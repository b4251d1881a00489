/**
 * The payouts module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/payouts/ import this file only; tests may reach inside.
 */
export { autoPayIfAllowed, startAutoPay } from './auto-pay.ts';
export { lowBalanceAlertIn, lowBalanceText } from './payout-balance-alert.ts';
export { handleTransferWebhook, isGenuineTransferWebhook, isTransferEvent } from './payout-hints.ts';
export { checkRetryable, executeMarkPayoutPaid } from './payout-paid-outside.ts';
export { payoutRiskActions } from './payout-risk.actions.ts';
export { PAYOUT_ROUTE_DOCS } from './payout-settlement.routes.ts';
export { payoutsActions } from './payouts.actions.ts';
export { approveWithdrawal, decisionMessage, sendDecidedPayout } from './payouts.approval.ts';
export type { DecidedWithdrawal } from './payouts.approval.ts';
export { dispatchPayout, isTuzoPayoutReceipt, livePayoutStates } from './payouts.service.ts';
export { registerPayoutHooks, startPayouts } from './payouts.startup.ts';
export { markRestored, readRestoredState } from './restored-state.ts';
export type { RestoredState } from './restored-state.ts';
