import type { AdminNotifyPayload } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { findTargetMember } from '../admin-members/index.ts';
import { writeAudit } from '../audit/index.ts';
import { notifyMember } from '../notifications/index.ts';

/**
 * `adminnotify`: a staff member sends one member a notification (a toast at their next poll, a row on
 * /notifications), audited in the same transaction with the text and the sender's address.
 */
export async function sendMemberNotification(deps: AppDeps, input: AdminNotifyPayload & { staffId: bigint; ip: string }) {
  const at = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const memberId = BigInt((await findTargetMember(tx, input.username)).id);
    await notifyMember(tx, { memberId, msg: input.msg, severity: input.severity });
    await writeAudit(tx, {
      actorId: input.staffId,
      action: 'member.notify',
      targetType: 'member',
      targetId: memberId,
      after: { msg: input.msg, severity: input.severity },
      ip: input.ip,
    });
  });
  return { username: input.username, sent_at: at.toISOString() };
}
