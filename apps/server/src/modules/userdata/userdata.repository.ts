import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { DbOrTx } from '../../db/client.ts';
import { members } from '../../db/schema.ts';
import { balanceFactsColumns, type BalanceFacts, type BalanceFactsInput } from '../wallets/wallets.service.ts';

export interface UserDataFacts extends BalanceFacts {
  username: string;
  email: string;
  phone: string;
  role: 'member' | 'operator';
  /** ISO instants (to_json of timestamptz). */
  joinedAt: string;
  activatedAt: string | null;
  updatedAt: string;
  countryName: string;
  abbreviation: string;
  sponsorUsername: string | null;
  sponsorIsHouse: boolean | null;
  minWithMinor: string | null;
  /** [min, max, tariff] local minor units as text, by min. */
  tariff: [string, string, string][] | null;
  hasUndelivered: boolean;
}

/**
 * Everything `userdata` shows, in one statement: the member, their country, sponsor and fee table, the balance facts
 * (cached wallets and running totals, see wallets.repository.ts), the settings asked for, and whether undelivered
 * notifications wait (so the delivery UPDATE runs only when there is something to deliver).
 */
export async function selectUserDataFacts(pool: pg.Pool, input: BalanceFactsInput & { memberId: bigint }): Promise<UserDataFacts | null> {
  const query = dialect.sqlToQuery(sql`
    SELECT ${balanceFactsColumns(input)},
           m.username, m.email, m.phone, m.role,
           to_json(m.joined_at) #>> '{}' AS "joinedAt",
           to_json(m.activated_at) #>> '{}' AS "activatedAt",
           to_json(m.updated_at) #>> '{}' AS "updatedAt",
           c.name AS "countryName", c.abbreviation,
           s.username AS "sponsorUsername", s.is_house AS "sponsorIsHouse",
           f.min_with_minor::text AS "minWithMinor",
           (SELECT json_agg(json_build_array(b.min_minor::text, b.max_minor::text, b.tariff_minor::text) ORDER BY b.min_minor)
              FROM tariff_brackets b WHERE b.country_id = m.country_id) AS tariff,
           EXISTS (SELECT 1 FROM member_notifications n WHERE n.member_id = m.id AND n.delivered_at IS NULL) AS "hasUndelivered"
    FROM members m
    JOIN countries c ON c.id = m.country_id
    LEFT JOIN country_fees f ON f.country_id = m.country_id
    LEFT JOIN members s ON s.id = m.l1_id
    WHERE m.id = ${input.memberId}`);
  // A named statement: each pool connection plans this wide query once instead of on every poll. The text depends
  // only on the number of setting keys, fixed by the caller, so the name is stable.
  const result = await pool.query({ name: `userdata_facts_${input.settingKeys.length}`, text: query.sql, values: query.params });
  return (result.rows[0] as unknown as UserDataFacts | undefined) ?? null;
}

const dialect = new PgDialect();

export async function selectLastUpdate(db: DbOrTx, memberId: bigint): Promise<Date | null> {
  const rows = await db.select({ updatedAt: members.updatedAt }).from(members).where(eq(members.id, memberId)).limit(1);
  return rows[0]?.updatedAt ?? null;
}
