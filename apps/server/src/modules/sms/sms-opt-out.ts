import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { writeAudit } from '../audit/index.ts';
import { updateSmsPreferences } from '../members/index.ts';

/**
 * Opting out of promotional SMS (issue 26 §3, decision 057). A phone number stops them when the member texts the
 * opt-out word (Africa's Talking's incoming-message callback), opts out through the provider (its opt-out callback),
 * or a send to it is refused with 406 "user in blacklist". Every member with that number gets `sms_promotions` off,
 * their queued promotions are cancelled, and the opt-out is recorded (sms_opt_outs, and the audit log) with when and
 * how, in one transaction. Money messages still go: they are not promotions.
 */
export type OptOutVia = 'keyword' | 'provider' | 'blacklisted';

/** The opt-out words: STOP (what networks and Africa's Talking recognise) and the Swahili ONDOKA. */
export const OPT_OUT_WORDS = ['STOP', 'ONDOKA'] as const;

/** Whether an incoming text is the opt-out word, in either language, whatever its case and spacing ("  s top "). */
export function isOptOutWord(text: string): boolean {
  const word = text
    .replace(/\s+/g, '')
    .replace(/[.!]+$/, '')
    .toUpperCase();
  return (OPT_OUT_WORDS as readonly string[]).includes(word);
}

/** A provider's phone number as members.phone stores it: E.164 with the plus ("254712..." -> "+254712..."). */
export function e164(phone: string): string | null {
  const digits = phone.trim().replace(/^\+/, '');
  return /^\d{9,15}$/.test(digits) ? `+${digits}` : null;
}

/** Records one opt-out; returns how many members it turned promotions off for (0: no member has the number). */
export async function optOutPhone(
  deps: AppDeps,
  input: { phone: string; via: OptOutVia; detail: string | null },
): Promise<number> {
  const at = deps.clock.now();
  const detail = input.detail?.slice(0, 200) ?? null;
  return deps.db.transaction(async (tx) => {
    const members = await tx.execute<{ id: string; sms_promotions: boolean }>(sql`
      SELECT id::text, sms_promotions FROM members WHERE phone = ${input.phone} AND role = 'member' ORDER BY id FOR UPDATE`);
    if (members.rows.length === 0) await insertOptOut(tx, { memberId: null, phone: input.phone, via: input.via, detail, at });
    for (const row of members.rows) {
      const memberId = BigInt(row.id);
      await updateSmsPreferences(tx, { memberId, smsPromotions: false, at });
      await insertOptOut(tx, { memberId, phone: input.phone, via: input.via, detail, at });
      await cancelQueuedPromotions(tx, { memberId, at });
      await writeAudit(tx, {
        actorId: memberId,
        action: 'sms.opt_out',
        targetType: 'member',
        targetId: memberId,
        before: { sms_promotions: row.sms_promotions },
        after: { sms_promotions: false, via: input.via, detail },
      });
    }
    return members.rows.length;
  });
}

async function insertOptOut(
  tx: DbOrTx,
  input: { memberId: bigint | null; phone: string; via: OptOutVia; detail: string | null; at: Date },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO sms_opt_outs (member_id, phone, via, detail, created_at)
    VALUES (${input.memberId}, ${input.phone}, ${input.via}, ${input.detail}, ${input.at})`);
}

/** The member's promotions not yet sent are never sent: queued -> rejected ("Opted out"). */
async function cancelQueuedPromotions(tx: DbOrTx, input: { memberId: bigint; at: Date }): Promise<void> {
  await tx.execute(sql`
    UPDATE sms_outbox SET state = 'rejected', last_error = 'The member opted out of promotional SMS', updated_at = ${input.at}
    WHERE member_id = ${input.memberId} AND kind = 'promotion' AND state = 'queued'`);
}
