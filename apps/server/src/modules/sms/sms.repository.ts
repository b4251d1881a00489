import { sql } from 'drizzle-orm';
import { parseDbMinor } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { SmsSize } from './sms-parts.ts';
import type { SmsKind, SmsLanguage } from './sms-templates.ts';

/**
 * The SMS outbox's SQL (table sms_outbox, migration 0400; this module is its only writer). The enqueue reads the
 * member's phone, language and choices in the same statement that writes the row, inside the event's transaction.
 */

export interface RenderedText extends SmsSize {
  text: string;
}

/**
 * One outbox row for the member in their language (the `texts` entry of members.language), unless the member is
 * staff, has turned this kind off, or the dedupe key was used. Returns whether a row was written.
 */
export async function insertOutboxRow(
  db: DbOrTx,
  input: {
    memberId: bigint;
    /** Another phone than the member's (a phone change's code goes to the new phone); the member's when null. */
    phone?: string | null;
    kind: SmsKind;
    texts: Record<SmsLanguage, RenderedText>;
    dedupeKey: string;
    /** The event's business time (deps.clock.now()); the database's now() when null. */
    at: Date | null;
    sendAt: Date | null;
    /** Only to members with sms_commission on (commission messages) / sms_promotions on (promotions). */
    requires: 'nothing' | 'commission' | 'promotions';
  },
): Promise<boolean> {
  const texts = JSON.stringify(input.texts);
  const result = await db.execute<{ id: string }>(sql`
    INSERT INTO sms_outbox (member_id, phone, language, kind, text, encoding, parts, dedupe_key, next_attempt_at, created_at, updated_at)
    SELECT m.id, COALESCE(${input.phone ?? null}::text, m.phone), m.language, ${input.kind},
           ${texts}::jsonb -> m.language ->> 'text', ${texts}::jsonb -> m.language ->> 'encoding',
           (${texts}::jsonb -> m.language ->> 'parts')::integer, ${input.dedupeKey},
           COALESCE(${input.sendAt}::timestamptz, now()), COALESCE(${input.at}::timestamptz, now()),
           COALESCE(${input.at}::timestamptz, now())
    FROM members m
    WHERE m.id = ${input.memberId} AND m.role = 'member' AND NOT m.is_house
      AND (${input.requires} <> 'commission' OR m.sms_commission)
      AND (${input.requires} <> 'promotions' OR m.sms_promotions)
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id`);
  return result.rows.length > 0;
}

/**
 * One promotional row per opted-in member of a broadcast's audience (one member, a country's members, everyone: the
 * members `notifyMembers` reaches), in one statement inside the broadcast's transaction; each member's key is
 * `<dedupePrefix>:<member id>`. Returns how many were queued.
 */
export async function insertPromotionRows(
  db: DbOrTx,
  input: {
    audience: { memberId: bigint } | { countryId: number | null };
    texts: Record<SmsLanguage, RenderedText>;
    dedupePrefix: string;
    at: Date;
    sendAt: Date;
  },
): Promise<number> {
  const texts = JSON.stringify(input.texts);
  const audience =
    'memberId' in input.audience
      ? sql`m.id = ${input.audience.memberId}`
      : input.audience.countryId === null
        ? sql`TRUE`
        : sql`m.country_id = ${input.audience.countryId}`;
  const result = await db.execute<{ id: string }>(sql`
    INSERT INTO sms_outbox (member_id, phone, language, kind, text, encoding, parts, dedupe_key, next_attempt_at, created_at, updated_at)
    SELECT m.id, m.phone, m.language, 'promotion',
           ${texts}::jsonb -> m.language ->> 'text', ${texts}::jsonb -> m.language ->> 'encoding',
           (${texts}::jsonb -> m.language ->> 'parts')::integer, ${input.dedupePrefix} || ':' || m.id::text,
           ${input.sendAt}::timestamptz, ${input.at}::timestamptz, ${input.at}::timestamptz
    FROM members m
    WHERE ${audience} AND m.role = 'member' AND NOT m.is_house AND m.status <> 'suspended' AND m.sms_promotions
      AND m.phone IS NOT NULL
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id`);
  return result.rows.length;
}

export interface ClaimedSms {
  id: bigint;
  memberId: bigint;
  kind: SmsKind;
  phone: string;
  text: string;
  attempts: number;
  createdAt: Date;
}

/**
 * Takes up to `limit` due messages for this sender: marks them `sending` (one more attempt) and commits at once, so
 * a second sender (another process, or a second loop) skips them (FOR UPDATE SKIP LOCKED) and never sends one twice.
 */
export async function claimDueMessages(db: DbOrTx, input: { now: Date; limit: number }): Promise<ClaimedSms[]> {
  const result = await db.execute<{
    id: string;
    member_id: string;
    kind: SmsKind;
    phone: string;
    text: string;
    attempts: number;
    created_at: Date | string;
  }>(sql`
    UPDATE sms_outbox o SET state = 'sending', attempts = o.attempts + 1, claimed_at = ${input.now}, updated_at = ${input.now}
    WHERE o.id IN (
      SELECT id FROM sms_outbox WHERE state = 'queued' AND next_attempt_at <= ${input.now}
      ORDER BY next_attempt_at, id LIMIT ${input.limit} FOR UPDATE SKIP LOCKED)
    RETURNING o.id, o.member_id, o.kind, o.phone, o.text, o.attempts, o.created_at`);
  return result.rows
    .map((row) => ({
      id: parseDbMinor(row.id),
      memberId: parseDbMinor(row.member_id),
      kind: row.kind,
      phone: row.phone,
      text: row.text,
      attempts: row.attempts,
      createdAt: new Date(row.created_at),
    }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** The provider took the message: sending -> sent, with its id, status word and cost. */
export async function markSent(
  db: DbOrTx,
  input: {
    id: bigint;
    provider: string;
    messageId: string;
    status: string;
    costMinor: bigint | null;
    costCurrency: string | null;
    at: Date;
  },
): Promise<void> {
  await db.execute(sql`
    UPDATE sms_outbox SET state = 'sent', provider = ${input.provider}, provider_message_id = ${input.messageId},
      provider_status = ${input.status}, cost_minor = ${input.costMinor}, cost_currency = ${input.costCurrency},
      sent_at = ${input.at}, last_error = NULL, updated_at = ${input.at}
    WHERE id = ${input.id} AND state = 'sending'`);
}

/** Not sent this time: sending -> queued again, due at `nextAttemptAt`. */
export async function markRetry(db: DbOrTx, input: { id: bigint; error: string; nextAttemptAt: Date; at: Date }): Promise<void> {
  await db.execute(sql`
    UPDATE sms_outbox SET state = 'queued', next_attempt_at = ${input.nextAttemptAt}, last_error = ${input.error},
      claimed_at = NULL, updated_at = ${input.at}
    WHERE id = ${input.id} AND state = 'sending'`);
}

/**
 * A promotion claimed outside the sending hours: sending -> queued again, due when they open, the claim's attempt
 * given back (it was never offered to the provider).
 */
export async function postpone(db: DbOrTx, input: { id: bigint; nextAttemptAt: Date; at: Date }): Promise<void> {
  await db.execute(sql`
    UPDATE sms_outbox SET state = 'queued', next_attempt_at = ${input.nextAttemptAt}, attempts = attempts - 1,
      claimed_at = NULL, updated_at = ${input.at}
    WHERE id = ${input.id} AND state = 'sending'`);
}

/** Whether the member still accepts promotional SMS (they may have opted out since it was queued). */
export async function acceptsPromotions(db: DbOrTx, memberId: bigint): Promise<boolean> {
  const result = await db.execute<{ ok: boolean }>(sql`SELECT sms_promotions AS ok FROM members WHERE id = ${memberId}`);
  return result.rows[0]?.ok === true;
}

/** Given up or refused for good: sending -> failed | rejected. */
export async function markFinal(
  db: DbOrTx,
  input: { id: bigint; state: 'failed' | 'rejected'; error: string; providerStatus: string | null; at: Date },
): Promise<void> {
  await db.execute(sql`
    UPDATE sms_outbox SET state = ${input.state}, last_error = ${input.error}, provider_status = ${input.providerStatus},
      updated_at = ${input.at}
    WHERE id = ${input.id} AND state = 'sending'`);
}

/**
 * Messages left `sending` since before `before`: the sender stopped while the provider was being asked, so whether
 * it went is unknown. They are marked failed, never sent again (a second copy of a money message is worse than
 * none; the member still has the in-app notification). Returns how many.
 */
export async function failAbandonedSends(db: DbOrTx, input: { before: Date; at: Date }): Promise<number> {
  const result = await db.execute<{ id: string }>(sql`
    UPDATE sms_outbox SET state = 'failed', updated_at = ${input.at},
      last_error = 'The sender stopped while the provider was being asked; not sent again to avoid a duplicate'
    WHERE state = 'sending' AND claimed_at < ${input.before}
    RETURNING id`);
  return result.rows.length;
}

/**
 * A delivery report: a sent message becomes delivered, failed or rejected (final), or keeps `sent` with the
 * provider's word (Sent, Buffered). A report for a message already final, or repeated, changes nothing. Returns
 * whether a message of this provider has the id.
 */
export async function applyDeliveryReport(
  db: DbOrTx,
  input: {
    provider: string;
    messageId: string;
    status: string;
    state: 'delivered' | 'failed' | 'rejected' | 'sent';
    failureReason: string | null;
    at: Date;
  },
): Promise<{ found: boolean; changed: boolean }> {
  const result = await db.execute<{ changed: boolean }>(sql`
    WITH target AS (
      SELECT id, state FROM sms_outbox WHERE provider = ${input.provider} AND provider_message_id = ${input.messageId}
    ), changed AS (
      UPDATE sms_outbox o SET state = ${input.state}, provider_status = ${input.status},
        failure_reason = ${input.failureReason},
        delivered_at = CASE WHEN ${input.state} = 'delivered' THEN ${input.at}::timestamptz ELSE o.delivered_at END,
        updated_at = ${input.at}
      FROM target WHERE o.id = target.id AND target.state = 'sent'
      RETURNING o.id)
    SELECT EXISTS (SELECT 1 FROM changed) AS changed FROM target`);
  const row = result.rows[0];
  return { found: row !== undefined, changed: row?.changed ?? false };
}
