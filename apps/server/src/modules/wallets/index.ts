/**
 * The wallets module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/wallets/ import this file only; tests may reach inside.
 */
export { fromMemberAmount, loadMemberCurrency, localNeededForSystem, missingFeeLocal, toMemberString } from './currency.ts';
export type { MemberCurrency } from './currency.ts';
export { localDateTime } from './local-time.ts';
export { loadRecentMovements } from './recent-movements.ts';
export type { RecentMovement } from './recent-movements.ts';
export { MONEY_SETTING_KEYS, parseMoneySettings } from './money-settings.ts';
export type { MoneySettings } from './money-settings.ts';
export type { BalanceFacts } from './wallets.repository.ts';
export { balancesFromFacts, loadBalances } from './wallets.service.ts';
