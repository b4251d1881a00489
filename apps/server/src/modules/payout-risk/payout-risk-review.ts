import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { refuseOwnAccount } from '../approvals/index.ts';
import { writeAudit } from '../audit/index.ts';
import { lockFlag, markClusterFlagsCleared, markFlagCleared, selectOpenFlags } from './payout-risk.repository.ts';

/**
 * `adminclearpayoutflag`, the flag's part (decision 035): an operator clears one flag with a note, audited in the same
 * transaction (never a flag on their own withdrawal, nor one their own action raised). Answers the withdrawal and how many of its flags are still
 * open; the payouts module then lets a withdrawal with none go on (auto-pay, or an operator's approval).
 */
export async function clearRiskFlag(
  deps: AppDeps,
  input: { id: bigint; note: string; operatorId: bigint; ip: string },
): Promise<{ withdrawalId: bigint; openFlags: number }> {
  return deps.db.transaction(async (tx) => {
    const flag = await lockFlag(tx, input.id);
    if (!flag) throw new AppError('NOT_FOUND', 'Flag not found');
    refuseOwnAccount({ memberId: BigInt(flag.member_id), staffId: input.operatorId });
    // Nobody clears a flag their own action raised (decision 044): another operator looks at it.
    if (flag.raised_by.includes(input.operatorId.toString()))
      throw new AppError('FORBIDDEN', 'Your own action raised this flag; another operator must clear it');
    if (flag.cleared_at !== null) throw new AppError('ALREADY_DONE', 'This flag is already cleared');
    // The most severe flag: only the cluster's decision clears it (decision 062), never one withdrawal at a time.
    if (flag.kind === 'cluster')
      throw new AppError(
        'CONFLICT',
        'This flag is cleared by the cluster’s decision: clear or confirm the cluster on the Clusters page',
      );
    await markFlagCleared(tx, { id: input.id, operatorId: input.operatorId, note: input.note, at: deps.clock.now() });
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: 'payout.flag_clear',
      targetType: 'withdrawal',
      targetId: flag.withdrawal_id,
      before: { flagId: flag.id, kind: flag.kind, reason: flag.reason, state: 'open' },
      after: { flagId: flag.id, state: 'cleared', note: input.note },
      ip: input.ip,
    });
    const withdrawalId = BigInt(flag.withdrawal_id);
    return { withdrawalId, openFlags: (await selectOpenFlags(tx, withdrawalId)).length };
  });
}

/**
 * A cluster decision's part (decision 062): clears the `cluster` flags on the pending withdrawals of `memberIds`,
 * each audited like an operator's clearing, with the decision's note. Answers the withdrawals whose flag it cleared.
 */
export async function clearClusterFlags(
  tx: DbOrTx,
  input: { memberIds: readonly bigint[]; operatorId: bigint; note: string; at: Date },
): Promise<bigint[]> {
  const cleared = await markClusterFlagsCleared(tx, input);
  for (const flag of cleared) {
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: 'payout.flag_clear',
      targetType: 'withdrawal',
      targetId: flag.withdrawal_id,
      before: { flagId: flag.id, kind: 'cluster', state: 'open' },
      after: { flagId: flag.id, state: 'cleared', note: input.note },
      ip: null,
    });
  }
  return cleared.map((flag) => BigInt(flag.withdrawal_id));
}
