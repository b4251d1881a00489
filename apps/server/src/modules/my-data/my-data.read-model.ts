import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Read model (docs/ARCHITECTURE.md, Owners): a member's "download my data" (Kenya's Data Protection Act 2019, the
 * right of access; decision 040) reads, read-only, every table that names the member, whichever module owns it, so
 * the export is one list here that `my-data.test.ts` checks against the migrated database: every column that names
 * a member (a `member_id`, or any column referencing `members (id)`) is either read by a section below or stands on
 * `EXPORT_EXCLUDED` with its reason. It writes nothing.
 *
 * Every value is exported as text (numbers keep every digit; amounts are minor units of the system currency as
 * stored; instants are ISO 8601), nested JSON as its text, and secrets (password and token hashes, TOTP secrets, an
 * unrevealed spin seed) are left out.
 */

/** One section: the rows of `table` where one of `columns` is the member, less the `omit` columns. */
interface TableSection {
  name: string;
  table: string;
  columns: readonly string[];
  omit?: readonly string[];
  orderBy?: string;
}

/**
 * Provider ids and staff ids are left out (decision 046): a payout's OriginatorConversationID and ConversationIDs are
 * what a forged B2C result needs, a deposit's CheckoutRequestID / tx_ref / receipt what a forged deposit callback or a
 * replayed code needs, and staff ids name who acted (the `by` of the activity section says "staff"). Kept: the
 * payout receipt (the member's own SMS shows it; a receipt of a payment Tuzo made is never credited as a deposit) and
 * the codes the member typed.
 */
const PAYOUT_PROVIDER_IDS = [
  'reference',
  'conversation_id',
  'query_conversation_id',
  'approved_by',
  'approval_id',
  'provider_detail',
  'provider_answer_detail',
];
const DEPOSIT_PROVIDER_IDS = [
  'checkout_request_id',
  'merchant_request_id',
  'tx_ref',
  'payment_link',
  'provider_ref',
  'idempotency_key',
];
/** Keys of audit before/after values that hold provider or staff ids, dropped from the activity section. */
const ACTIVITY_OMIT_KEYS = [
  'reference',
  'conversationId',
  'originatorConversationId',
  'requestedBy',
  'approvedBy',
  'approvalId',
  'decidedBy',
  'operatorId',
  'actorId',
  'staffId',
];

const TABLE_SECTIONS: readonly TableSection[] = [
  { name: 'wallets', table: 'ledger_accounts', columns: ['member_id'] },
  { name: 'running_totals', table: 'member_totals', columns: ['member_id'], orderBy: 'bucket' },
  { name: 'earnings', table: 'member_earnings', columns: ['member_id'], orderBy: 'member_id' },
  { name: 'deposits', table: 'deposits', columns: ['member_id'], omit: DEPOSIT_PROVIDER_IDS },
  { name: 'payment_codes', table: 'code_reviews', columns: ['member_id'], omit: ['resolved_by'] },
  {
    name: 'payment_messages',
    table: 'payment_notifications',
    columns: ['waiting_member_id'],
    omit: ['raw', 'query_conversation_id'],
  },
  { name: 'activations', table: 'activations', columns: ['member_id'], omit: ['activated_by', 'deactivated_by'] },
  { name: 'withdrawals', table: 'withdrawals', columns: ['member_id'], omit: ['decided_by'] },
  { name: 'payouts', table: 'payouts', columns: ['member_id'], omit: PAYOUT_PROVIDER_IDS },
  { name: 'transfers', table: 'transfers', columns: ['payer_id', 'client_id'] },
  { name: 'team_counts', table: 'team_counts', columns: ['upline_id'], orderBy: 'level' },
  { name: 'referral_visits', table: 'referral_visits', columns: ['sponsor_id'], orderBy: 'day' },
  { name: 'notifications', table: 'member_notifications', columns: ['member_id'] },
  { name: 'sms', table: 'sms_outbox', columns: ['member_id'], omit: ['provider_message_id'] },
  { name: 'sms_opt_outs', table: 'sms_opt_outs', columns: ['member_id'] },
  // What was seen of the member (decision 061): kind, event and when; the keyed hash means nothing to anyone.
  { name: 'signals', table: 'fraud_signals', columns: ['member_id'], omit: ['hash'] },
  // Commissions held while a cluster is checked (decision 062), and the member's own requests for a review.
  { name: 'held_commissions', table: 'commission_holds', columns: ['member_id'], omit: ['from_member_id', 'cluster_id'] },
  { name: 'review_requests', table: 'cluster_review_requests', columns: ['member_id'], omit: ['cluster_id'] },
  { name: 'spins', table: 'spins', columns: ['member_id'] },
  { name: 'spin_seeds', table: 'spin_seeds', columns: ['member_id'], omit: ['server_seed'] },
  { name: 'bonus_claims', table: 'bonus_claims', columns: ['member_id'] },
  { name: 'video_watches', table: 'video_watches', columns: ['member_id'], orderBy: 'member_id' },
  { name: 'video_payments', table: 'video_payments', columns: ['member_id'] },
  { name: 'ad_responses', table: 'ad_responses', columns: ['member_id'], orderBy: 'day, ad_id' },
  { name: 'ad_payments', table: 'ad_payments', columns: ['member_id'] },
  { name: 'trivia_rounds', table: 'trivia_rounds', columns: ['member_id'] },
  { name: 'trivia_payouts', table: 'trivia_payouts', columns: ['member_id'] },
  { name: 'lesson_enrolments', table: 'lesson_enrolments', columns: ['member_id'], orderBy: 'kind' },
  { name: 'lesson_progress', table: 'lesson_progress', columns: ['member_id'], orderBy: 'lesson_id' },
  { name: 'sessions', table: 'sessions', columns: ['member_id'], omit: ['token_hash'] },
  { name: 'closures', table: 'account_closures', columns: ['member_id'], omit: ['completed_by'] },
];

/**
 * Columns that name a member and are not exported, each with its reason. Staff columns never name a member:
 * staff accounts are not members (decision 019); they record which staff member acted.
 */
export const EXPORT_EXCLUDED: Readonly<Record<string, string>> = {
  'members.l1_id':
    "another member's sponsor link: the rows naming this member as sponsor are the downline's own data; the member gets their counts (team_counts)",
  'members.l2_id': "another member's level-2 link: as members.l1_id",
  'members.l3_id': "another member's level-3 link: as members.l1_id",
  'password_resets.member_id': 'one-time reset tokens: only a token hash and its times, a secret with no meaning to the member',
  'access_links.member_id': 'one-time sign-in links: only a token hash and its times, a secret with no meaning to the member',
  'email_changes.member_id': 'e-mail confirmation tokens: a token hash; the address it confirms is in the profile once confirmed',
  'phone_changes.member_id':
    'phone change confirmations (a code hash, attempts, times); each applied change is in the activity section (member.phone_changed, with the phone before and after)',
  'totp_recovery_codes.member_id': 'two-factor recovery codes of staff accounts (hashed secrets); members have none',
  'member_changes.member_id':
    "the change feed's log (decision 064): which member's cached answer to forget, kept 30 seconds; technical",
  'api_idempotency.member_id':
    'a replay cache of answers already exported in their own sections (withdrawals, transfers); technical, expires',
  'payout_risk_flags.member_id':
    'fraud-prevention assessments, exempt from access under the Data Protection Act 2019 s.51(2)(b) (prevention or detection of crime)',
  'approval_requests.member_id':
    "four-eyes requests between staff about the member's money; the money they moved is in the ledger section",
  'approval_requests.requested_by': 'staff column (the staff member who asked)',
  'approval_requests.decided_by': 'staff column (the staff member who decided)',
  'activations.activated_by': 'staff column (the operator who gave a free activation)',
  'activations.deactivated_by': 'staff column (the operator who deactivated)',
  'withdrawals.decided_by': 'staff column (the operator who decided)',
  'payouts.approved_by': 'staff column (the operator who approved)',
  'code_reviews.resolved_by': 'staff column (the operator who resolved the code)',
  'payout_risk_flags.cleared_by': 'staff column (the operator who cleared the flag)',
  'account_closures.completed_by': 'staff column (the operator who completed the closure)',
  'members.staff_requested_by': 'staff column (the operator who asked for a staff account, decision 044)',
  'members.staff_approved_by': 'staff column (the operator who approved a staff account, decision 044)',
  'staff_enrolments.member_id': 'one-time enrolment links of staff accounts: a token hash; members have none',
  'staff_money_counts.member_id':
    "the four-eyes window's record of staff money actions; the money they moved is in the ledger section",
  'fraud_links.member_a':
    'links to other members who shared a signal (decision 061): they name other members; fraud-prevention records, exempt as payout_risk_flags',
  'fraud_links.member_b': 'as fraud_links.member_a',
  'fraud_cluster_members.member_id':
    'the multi-account cluster the member is in (decision 061): a fraud-prevention assessment, exempt as payout_risk_flags',
  'commission_holds.from_member_id':
    "the downline whose activation paid a held commission: another member's id; the commission's memo in the ledger section names them as every commission does",
  'cluster_decisions.requested_by': 'staff column (the operator who asked for the cluster decision)',
  'cluster_decisions.decided_by': 'staff column (the operator who executed the cluster decision)',
  'money_alerts.member_id':
    'operator alerts about refused payments and double payouts: fraud-prevention records, exempt as payout_risk_flags',
};

/** The (table.column) pairs the custom sections read: the profile, the consents, the ledger and the audit trail. */
const CUSTOM_COVERAGE = ['members.id', 'spin_members.member_id', 'ledger_transactions.member_id', 'audit_log.actor_id'];

/** Every `table.column` the export reads the member by. */
export const EXPORT_COVERAGE: readonly string[] = [
  ...CUSTOM_COVERAGE,
  ...TABLE_SECTIONS.flatMap((section) => section.columns.map((column) => `${section.table}.${column}`)),
];

/** A row of any section: every value as text (or null). */
export type ExportRow = Record<string, string | null>;

/** Turns each row to an object of texts: `to_jsonb` less the omitted columns, each value `#>> '{}'`. */
const textRow = (alias: string, omit: readonly string[]): SQL =>
  sql.raw(
    `(SELECT coalesce(jsonb_object_agg(e.key, e.value #>> '{}'), '{}'::jsonb) FROM jsonb_each(to_jsonb(${alias}) - ARRAY[${omit
      .map((column) => `'${column}'`)
      .join(',')}]::text[]) e)`,
  );

async function readTableSection(db: DbOrTx, section: TableSection, memberId: bigint): Promise<ExportRow[]> {
  // Identifiers come from the constant list above, never from a request; the member id is a parameter.
  const where = sql.join(
    section.columns.map((column) => sql`${sql.raw(`t.${column}`)} = ${memberId}`),
    sql` OR `,
  );
  const result = await db.execute<{ row: ExportRow }>(
    sql`SELECT ${textRow('t', section.omit ?? [])} AS row FROM ${sql.raw(section.table)} t WHERE ${where} ORDER BY ${sql.raw(section.orderBy ?? 'id')}`,
  );
  return result.rows.map((row) => row.row);
}

const PROFILE_OMIT = ['password_hash', 'ussd_pin_hash', 'totp_secret', 'totp_last_step', 'l1_id', 'l2_id', 'l3_id'];

async function readProfile(db: DbOrTx, memberId: bigint): Promise<ExportRow[]> {
  const result = await db.execute<{ row: ExportRow }>(sql`
    SELECT ${textRow('m', PROFILE_OMIT)} || jsonb_build_object('sponsor', s.username, 'country', c.name) AS row
    FROM members m LEFT JOIN members s ON s.id = m.l1_id LEFT JOIN countries c ON c.id = m.country_id
    WHERE m.id = ${memberId}`);
  return result.rows.map((row) => row.row);
}

/** The member's choices: language, the two SMS choices, and the casino's age confirmation and self-exclusion. */
async function readConsents(db: DbOrTx, memberId: bigint): Promise<ExportRow[]> {
  const result = await db.execute<{ row: ExportRow }>(sql`
    SELECT jsonb_build_object('language', m.language, 'sms_commission', m.sms_commission::text,
             'sms_promotions', m.sms_promotions::text, 'casino_age_confirmed_at', to_json(sm.age_confirmed_at) #>> '{}',
             'casino_excluded_until', to_json(sm.excluded_until) #>> '{}',
             'casino_excluded_forever', coalesce(sm.excluded_forever, false)::text) AS row
    FROM members m LEFT JOIN spin_members sm ON sm.member_id = m.id
    WHERE m.id = ${memberId}`);
  return result.rows.map((row) => row.row);
}

/** Every posting on the member's wallets, with its transaction, and the transactions naming the member that post elsewhere. */
async function readLedger(db: DbOrTx, memberId: bigint): Promise<ExportRow[]> {
  const result = await db.execute<{ row: ExportRow }>(sql`
    SELECT jsonb_build_object('transaction_id', t.id::text, 'at', to_json(coalesce(p.created_at, t.created_at)) #>> '{}',
             'kind', t.kind, 'memo', t.memo, 'wallet', a.wallet, 'amount_minor', p.amount_minor::text,
             'local_amount_minor', t.local_amount_minor::text, 'local_currency', t.local_currency,
             'reverses_id', t.reverses_id::text) AS row
    FROM ledger_transactions t
    LEFT JOIN ledger_postings p ON p.transaction_id = t.id
      AND p.account_id IN (SELECT id FROM ledger_accounts WHERE member_id = ${memberId})
    LEFT JOIN ledger_accounts a ON a.id = p.account_id
    WHERE t.member_id = ${memberId} OR p.id IS NOT NULL
    ORDER BY t.id, p.id`);
  return result.rows.map((row) => row.row);
}

/** An audit value less the provider and staff id keys (top level of an object; other values as they are). */
const withoutKeys = (value: SQL): SQL =>
  sql`(CASE WHEN jsonb_typeof(${value}) = 'object' THEN ${value} - ${sql.raw(`ARRAY[${ACTIVITY_OMIT_KEYS.map((key) => `'${key}'`).join(',')}]::text[]`)} ELSE ${value} END)`;

/** What the member did (actor) and what was done to the member's account (target), as the audit trail holds it. */
async function readActivity(db: DbOrTx, memberId: bigint): Promise<ExportRow[]> {
  const result = await db.execute<{ row: ExportRow }>(sql`
    SELECT jsonb_build_object('at', to_json(l.created_at) #>> '{}', 'action', l.action, 'by',
             CASE WHEN l.actor_id = ${memberId} THEN 'you' WHEN l.actor_id IS NULL THEN 'system' ELSE 'staff' END,
             'target_type', l.target_type, 'target_id', l.target_id,
             'before', ${withoutKeys(sql`l.before`)} #>> '{}', 'after', ${withoutKeys(sql`l.after`)} #>> '{}') AS row
    FROM audit_log l
    WHERE l.actor_id = ${memberId} OR (l.target_type = 'member' AND l.target_id = ${memberId.toString()})
    ORDER BY l.id`);
  return result.rows.map((row) => row.row);
}

/** The whole export: section name -> rows, in a fixed order (profile first). */
export async function readMemberData(db: DbOrTx, memberId: bigint): Promise<Array<[string, ExportRow[]]>> {
  const sections: Array<[string, ExportRow[]]> = [
    ['profile', await readProfile(db, memberId)],
    ['consents', await readConsents(db, memberId)],
    ['ledger', await readLedger(db, memberId)],
  ];
  for (const section of TABLE_SECTIONS) sections.push([section.name, await readTableSection(db, section, memberId)]);
  sections.push(['activity', await readActivity(db, memberId)]);
  return sections;
}
