/**
 * The admin-money module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/admin-money/ import this file only; tests may reach inside.
 */
export { adjustWallet } from './adjust.service.ts';
export { adminMoneyActions } from './admin-money.actions.ts';
export type { DepositListRow, WithdrawalQueueRow } from './admin-money.repository.ts';
export { executeResolveCode } from './code-reviews.service.ts';
export { depositListQuery, withdrawalListQuery } from './money-list-query.ts';
