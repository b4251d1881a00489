/**
 * The deposits module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/deposits/ import this file only; tests may reach inside.
 */
export { completeDeposit } from './deposit-state.ts';
export { depositsActions } from './deposits.actions.ts';
export type { DepositRow } from './deposits.repository.ts';
export { openPayments, startDeposits } from './deposits.startup.ts';
export { registerDepositWebhooks } from './deposits.webhooks.ts';
export { creditManualCode } from './manual-code.service.ts';
export {
  checkStkDepositWithProvider,
  findPendingCodeReview,
  findRecordedDeposit,
  hasUnclaimedPayment,
  recordPaidManualDeposit,
} from './recorded-deposits.service.ts';
export { settleStkDeposit, startStkPush } from './stk-push.service.ts';
