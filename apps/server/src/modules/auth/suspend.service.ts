import type { DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../audit/index.ts';
import { setMemberStatus } from '../members/index.ts';
import { endOpenSessions } from './session.service.ts';

/** One suspension: status set, every open session ended, audited as `member.suspend` in the same transaction. */
export interface SuspendInput {
  memberId: bigint;
  previousStatus: string;
  operatorId: bigint;
  reason: string | null;
  at: Date;
  ip: string;
}

/**
 * The suspend sequence shared by `adminsuspend` and a confirmed cluster (decision 062): the member can no longer
 * sign in, their sessions end now, and the audit row records the sessions ended and why. Returns sessions ended.
 * In the auth module because it owns sessions (and auth already reads members).
 */
export async function suspendAccount(tx: DbOrTx, input: SuspendInput): Promise<number> {
  await setMemberStatus(tx, { memberId: input.memberId, status: 'suspended', at: input.at });
  const ended = await endOpenSessions(tx, { memberId: input.memberId, at: input.at });
  await writeAudit(tx, {
    actorId: input.operatorId,
    action: 'member.suspend',
    targetType: 'member',
    targetId: input.memberId,
    before: { status: input.previousStatus },
    after: { status: 'suspended', sessionsEnded: ended, reason: input.reason },
    ip: input.ip,
  });
  return ended;
}
