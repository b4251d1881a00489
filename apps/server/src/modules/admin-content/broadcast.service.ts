import type { AdminBroadcastData, AdminBroadcastPayload } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { notifyMember, notifyMembers } from '../notifications/notifications.service.ts';
import { findTargetMember } from '../admin-members/admin-members.service.ts';
import { countryExists } from './admin-content.repository.ts';

/**
 * `adminbroadcast`: a notification to one member, every member of a country or everyone. Members get it through
 * the usual delivery (the `info` queue of their next response, and their notifications page). A country or
 * everyone is one statement (notifications' notifyMembers), never a loop; the audit row (once, with the count) is in the same transaction.
 */
export async function broadcast(
  deps: AppDeps,
  input: AdminBroadcastPayload & { operatorId: bigint; ip: string },
): Promise<AdminBroadcastData> {
  const at = deps.clock.now();
  const sent = await deps.db.transaction(async (tx) => {
    let count: number;
    let targetId: string | null = null;
    if (input.target === 'member') {
      const memberId = BigInt((await findTargetMember(tx, input.username ?? '')).id);
      await notifyMember(tx, { memberId, msg: input.msg, severity: input.severity });
      count = 1;
      targetId = memberId.toString();
    } else {
      const countryId = input.target === 'country' ? (input.country_id ?? null) : null;
      if (countryId !== null && !(await countryExists(tx, countryId))) throw new AppError('NOT_FOUND', 'Country not found');
      count = await notifyMembers(tx, { countryId, msg: input.msg, severity: input.severity });
      targetId = countryId === null ? null : String(countryId);
    }
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: 'notification.broadcast',
      targetType: input.target,
      targetId,
      after: {
        target: input.target,
        username: input.username ?? null,
        country_id: input.country_id ?? null,
        msg: input.msg,
        severity: input.severity,
        sent: count,
      },
      ip: input.ip,
    });
    return count;
  });
  return { target: input.target, sent, sent_at: at.toISOString() };
}
