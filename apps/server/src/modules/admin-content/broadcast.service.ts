import type { AdminBroadcastData, AdminBroadcastPayload } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { notifyMember, notifyMembers } from '../notifications/index.ts';
import { findTargetMember } from '../admin-members/index.ts';
import { queueBroadcastPromotion } from '../sms/index.ts';
import { countryExists } from './admin-content.repository.ts';

/**
 * `adminbroadcast`: a notification to one member, every member of a country or everyone. Members get it through
 * the usual delivery (the `info` queue of their next response, and their notifications page). A country or
 * everyone is one statement (notifications' notifyMembers), never a loop; the audit row (once, with the count) is in the same transaction.
 * With `sms`, the same audience's opted-in members also get it as a promotional SMS, queued in that transaction
 * (decision 037); a text about gambling is refused with 400 and the transaction, notifications included, rolls back.
 */
export async function broadcast(
  deps: AppDeps,
  input: AdminBroadcastPayload & { operatorId: bigint; ip: string },
): Promise<AdminBroadcastData> {
  const at = deps.clock.now();
  const { sent, smsQueued } = await deps.db.transaction(async (tx) => {
    let count: number;
    let targetId: string | null = null;
    let audience: { memberId: bigint } | { countryId: number | null };
    if (input.target === 'member') {
      const memberId = BigInt((await findTargetMember(tx, input.username ?? '')).id);
      await notifyMember(tx, { memberId, msg: input.msg, severity: input.severity });
      count = 1;
      targetId = memberId.toString();
      audience = { memberId };
    } else {
      const countryId = input.target === 'country' ? (input.country_id ?? null) : null;
      if (countryId !== null && !(await countryExists(tx, countryId))) throw new AppError('NOT_FOUND', 'Country not found');
      count = await notifyMembers(tx, { countryId, msg: input.msg, severity: input.severity });
      targetId = countryId === null ? null : String(countryId);
      audience = { countryId };
    }
    const queued = input.sms
      ? await queueBroadcastPromotion(deps, tx, {
          audience,
          text: { en: input.msg, sw: input.msg_sw ?? input.msg },
          broadcastKey: deps.random.uuid(),
        })
      : 0;
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
        sms: input.sms,
        msg_sw: input.msg_sw ?? null,
        sms_queued: queued,
      },
      ip: input.ip,
    });
    return { sent: count, smsQueued: queued };
  });
  return { target: input.target, sent, sent_at: at.toISOString(), sms_queued: smsQueued };
}
