/**
 * The payout-risk module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/payout-risk/ import this file only; tests may reach inside.
 */
export { judgeAutoPay } from './auto-pay-rules.ts';
export { clearClusterFlags, clearRiskFlag } from './payout-risk-review.ts';
export {
  findWithdrawalBrief,
  holdForRisk,
  listRiskFlags,
  raiseFlagOnWithdrawal,
  riskFlagsPayload,
} from './payout-risk.service.ts';
