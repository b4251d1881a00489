import { eq } from 'drizzle-orm';
import type pg from 'pg';
import type { DbOrTx } from '../../db/client.ts';
import type { SessionRead } from '../../http/action.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { members } from '../../db/schema.ts';
import type { BalanceFacts } from '../wallets/index.ts';

/**
 * Read model (docs/ARCHITECTURE.md, Owners): `userdata` answers in one round trip (decision 011), so its query
 * reads, read-only, the member's row, balances, running totals, team counts, bonus claims and undelivered
 * notifications, tables owned by members, the ledger, team, bonuses and notifications. It writes nothing.
 */

/** The member's own facts; the country, fee table and settings come from the process's reference copy. */
export interface UserDataRow extends Pick<
  BalanceFacts,
  'status' | 'signupBonusMinor' | 'wallets' | 'totals' | 'activatedToday' | 'dailyClaimed' | 'activeLevel1' | 'welcomeClaimed'
> {
  referenceVersion: string;
  countryId: number;
  /** Unread notifications, counted up to UNREAD_COUNT_CAP. */
  unread: number;
  username: string;
  email: string;
  phone: string;
  role: 'member' | 'support' | 'operator';
  isTotpEnrolled: boolean;
  ussdPinSet: boolean;
  ussdLocked: boolean;
  language: 'en' | 'sw';
  /** ISO instants (to_json of timestamptz). */
  joinedAt: string;
  activatedAt: string | null;
  updatedAt: string;
  sponsorUsername: string | null;
  sponsorIsHouse: boolean | null;
  /** What the answer is made of (fingerprint above): the same text means the same answer. */
  fingerprint: string;
  /** Notifications wait to be delivered with this answer. */
  hasUndelivered: boolean;
}

/** What the session check reads for `userdata`: whether the cached answer is current, and whether notifications wait. */
export interface UserDataCheck {
  fingerprint: string;
  hasUndelivered: boolean;
}

/** Where each value of the statement is: the member's id, the request's instant, the zone, the day, the unread cap. */
interface Placeholders {
  now: string;
  timeZone: string;
  day: string;
  unreadCap: string;
}

/**
 * The member's figures that are not in the member's row, each an index lookup over `m` (the member's row): today's
 * level-1 activations, the bonus claims of today and ever, the active level-1 counter, the unread count up to its
 * cap, and the reference version (whether the process's copy of countries, fees and settings is current).
 */
const figures = (p: Placeholders) => ({
  referenceVersion: '(SELECT version::text FROM reference_version WHERE id)',
  activatedToday: `(SELECT count(*)::text FROM members d
     WHERE d.l1_id = m.id AND d.status = 'active'
       AND d.activated_at >= (date_trunc('day', ${p.now}::timestamptz AT TIME ZONE ${p.timeZone}) AT TIME ZONE ${p.timeZone}))`,
  dailyClaimed: `EXISTS (SELECT 1 FROM bonus_claims b WHERE b.member_id = m.id AND b.kind = 'daily' AND b.day = ${p.day}::date)`,
  activeLevel1: 'COALESCE((SELECT tc.active FROM team_counts tc WHERE tc.upline_id = m.id AND tc.level = 1), 0)',
  welcomeClaimed: "EXISTS (SELECT 1 FROM bonus_claims b WHERE b.member_id = m.id AND b.kind = 'welcome')",
  unread: `(SELECT count(*)::int FROM (SELECT 1 FROM member_notifications n
     WHERE n.member_id = m.id AND n.read_at IS NULL LIMIT ${p.unreadCap}) u)`,
  hasUndelivered: 'EXISTS (SELECT 1 FROM member_notifications n WHERE n.member_id = m.id AND n.delivered_at IS NULL)',
});

/**
 * What the answer is made of, as one short text that changes whenever the answer may (decision 043): the row versions
 * (`xmin`, the id of the transaction that wrote the row version) of the member's row, the sponsor's row, each wallet
 * and each running total, then the figures above. Every UPDATE writes a row version with a new `xmin`, and an INSERT
 * or DELETE changes the list, so a change by any writer (TypeScript or SQL function) changes the text; nothing
 * writes anything for it. A row version written by the same transaction again, or a freeze, only ever costs a miss.
 */
const fingerprint = (p: Placeholders) => {
  const f = figures(p);
  return `format('%s|%s|%s|%s|%s|%s|%s|%s|%s|%s', m.xmin, s.xmin,
    (SELECT string_agg(a.xmin::text, ',' ORDER BY a.id) FROM ledger_accounts a WHERE a.member_id = m.id),
    (SELECT string_agg(t.xmin::text, ',' ORDER BY t.bucket) FROM member_totals t WHERE t.member_id = m.id),
    ${f.activatedToday}, ${f.dailyClaimed}, ${f.activeLevel1}, ${f.welcomeClaimed}, ${f.unread}, ${f.referenceVersion})`;
};

/** The select list over `m` (the member's row) and `s` (the sponsor's, USERDATA_JOINS): everything the answer shows. */
const userDataColumns = (p: Placeholders) => {
  const f = figures(p);
  return `
  ${f.referenceVersion} AS "referenceVersion",
  m.status, m.country_id AS "countryId", m.signup_bonus_minor::text AS "signupBonusMinor",
  (SELECT json_object_agg(a.wallet, a.balance_minor::text) FROM ledger_accounts a WHERE a.member_id = m.id) AS wallets,
  (SELECT json_object_agg(t.bucket, t.total_minor::text) FROM member_totals t WHERE t.member_id = m.id) AS totals,
  ${f.activatedToday} AS "activatedToday",
  ${f.dailyClaimed} AS "dailyClaimed",
  ${f.activeLevel1} AS "activeLevel1",
  ${f.welcomeClaimed} AS "welcomeClaimed",
  ${f.unread} AS unread,
  m.username, m.email, m.phone, m.role, m.totp_enabled_at IS NOT NULL AS "isTotpEnrolled",
  m.ussd_pin_hash IS NOT NULL AS "ussdPinSet", m.ussd_locked_at IS NOT NULL AS "ussdLocked",
  m.language,
  to_json(m.joined_at) #>> '{}' AS "joinedAt",
  to_json(m.activated_at) #>> '{}' AS "activatedAt",
  to_json(m.updated_at) #>> '{}' AS "updatedAt",
  s.username AS "sponsorUsername", s.is_house AS "sponsorIsHouse",
  ${f.hasUndelivered} AS "hasUndelivered",
  ${fingerprint(p)} AS fingerprint`;
};

const USERDATA_JOINS = 'LEFT JOIN members s ON s.id = m.l1_id';

const USERDATA_SQL = `SELECT ${userDataColumns({ now: '$2', timeZone: '$3', day: '$4', unreadCap: '$5' })}
  FROM members m ${USERDATA_JOINS}
  WHERE m.id = $1`;

export interface UserDataInput {
  now: Date;
  timeZone: string;
  day: string;
  unreadCap: number;
}

/**
 * Everything `userdata` shows of the member and its fingerprint, in one named (prepared once per connection) statement:
 * `login` and a `userdata` poll whose fingerprint changed use it.
 */
export async function selectUserDataRow(pool: pg.Pool, input: UserDataInput & { memberId: bigint }): Promise<UserDataRow | null> {
  const result = await pool.query<UserDataRow>({
    name: 'userdata_row',
    text: USERDATA_SQL,
    values: [input.memberId.toString(), input.now.toISOString(), input.timeZone, input.day, input.unreadCap],
  });
  return result.rows[0] ?? null;
}

/**
 * The fingerprint and the undelivered flag, read by the session check's statement ($2 is its instant): a `userdata`
 * poll whose fingerprint matches the process's cached answer is one round trip with two narrow columns.
 */
export function userDataSessionRead(inputOf: (deps: AppDeps, now: Date) => UserDataInput): SessionRead {
  const p = { now: '$2', timeZone: '$4', day: '$5', unreadCap: '$6' };
  return {
    name: 'userdata',
    columns: `${fingerprint(p)} AS fingerprint, ${figures(p).hasUndelivered} AS "hasUndelivered"`,
    joins: USERDATA_JOINS,
    // While the change feed is live the poll may skip this statement altogether (decision 064).
    mayUseKeptSession: true,
    values: (deps, now) => {
      const { timeZone, day, unreadCap } = inputOf(deps, now);
      return [timeZone, day, unreadCap];
    },
  };
}

/** The row the session check read with userDataSessionRead (the endpoint hands it over untyped). */
export function userDataCheckOf(row: Record<string, unknown> | null | undefined): UserDataCheck | null {
  return row && typeof row.fingerprint === 'string'
    ? { fingerprint: row.fingerprint, hasUndelivered: row.hasUndelivered === true }
    : null;
}
export async function selectLastUpdate(db: DbOrTx, memberId: bigint): Promise<Date | null> {
  const rows = await db.select({ updatedAt: members.updatedAt }).from(members).where(eq(members.id, memberId)).limit(1);
  return rows[0]?.updatedAt ?? null;
}
