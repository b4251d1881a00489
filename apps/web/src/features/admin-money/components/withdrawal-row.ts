import { WALLET_LABELS, type AdminWithdrawalQueueData, type MemberWallet } from '@tuzo/contracts';
import type { WithdrawalDecision } from '../api/update-transaction';

/** One row of the operator's withdrawal queue. */
export type AdminWithdrawalRow = AdminWithdrawalQueueData['rows'][number];

/** A decision the operator has asked for and not yet confirmed. */
export interface PendingDecision {
  row: AdminWithdrawalRow;
  value: WithdrawalDecision;
}

/** The member's name of the wallet a withdrawal came from ('balance' is Jumbo); the row's code when unknown. */
export function walletLabel(wallet: string): string {
  return WALLET_LABELS[wallet as MemberWallet] ?? wallet;
}
