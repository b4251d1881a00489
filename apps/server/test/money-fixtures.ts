import { randomBytes } from 'node:crypto';
import { getWalletBalances, postTransaction } from '../src/ledger/ledger.ts';
import type { WalletName } from '../src/ledger/accounts.ts';
import { totpSecretContext } from '../src/modules/auth/totp-sealing.ts';
import { loadBalances } from '../src/modules/wallets/wallets.service.ts';
import { openTestSession, type TestApp } from './harness.ts';

/**
 * Money test fixtures. Reference data and members are inserted with SQL (their own modules are tested elsewhere);
 * money only ever enters through the ledger, as a provider deposit would post it.
 */
export interface TestMember {
  id: bigint;
  username: string;
  token: string;
}

export interface TestCountries {
  /** KES, rate 1: fee 500, commissions 250/150/50, minimum withdrawal 200, tariff 30/50/100/200. */
  kes: number;
  /** UGX, rate 28.5: fee 17,000, commissions 8,000/5,000/2,000, minimum 7,000. */
  ugx: number;
}

const COUNTRIES = [
  {
    abbreviation: 'ZK',
    name: 'Testland KES',
    currency: 'KES',
    rateMicro: 1_000_000n,
    fees: [50_000n, 25_000n, 15_000n, 5_000n, 10_000n, 20_000n],
    tariffs: [
      [20_000n, 99_900n, 3_000n],
      [100_000n, 499_900n, 5_000n],
      [500_000n, 1_999_900n, 10_000n],
      [2_000_000n, 7_000_000n, 20_000n],
    ],
  },
  {
    abbreviation: 'ZU',
    name: 'Testland UGX',
    currency: 'UGX',
    rateMicro: 28_500_000n,
    fees: [1_700_000n, 800_000n, 500_000n, 200_000n, 300_000n, 700_000n],
    tariffs: [
      [700_000n, 3_499_900n, 100_000n],
      [3_500_000n, 17_499_900n, 175_000n],
    ],
  },
] as const;

/** Two test countries with fixed fees (independent of the start-up seed, which an operator may change). */
export async function ensureTestCountries(t: TestApp): Promise<TestCountries> {
  const ids: number[] = [];
  for (const c of COUNTRIES) {
    const found = await t.sql<{ id: number }>('SELECT id FROM countries WHERE abbreviation = $1', [c.abbreviation]);
    let id = found[0]?.id;
    if (id === undefined) {
      const inserted = await t.sql<{ id: number }>(
        `INSERT INTO countries (name, dial, abbreviation, currency, rate_micro, enabled, is_default, sort_order)
         VALUES ($1, '+999', $2, $3, $4, true, false, 900) RETURNING id`,
        [c.name, c.abbreviation, c.currency, c.rateMicro.toString()],
      );
      id = inserted[0]!.id;
      await t.sql(
        `INSERT INTO country_fees (country_id, creg_minor, fl1_minor, fl2_minor, fl3_minor, cbonus_minor, min_with_minor) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, ...c.fees.map(String)],
      );
      for (const [min, max, tariff] of c.tariffs) {
        await t.sql('INSERT INTO tariff_brackets (country_id, min_minor, max_minor, tariff_minor) VALUES ($1, $2, $3, $4)', [
          id,
          String(min),
          String(max),
          String(tariff),
        ]);
      }
    }
    ids.push(id);
  }
  return { kes: ids[0]!, ugx: ids[1]! };
}

let counter = 0;

/** The authenticator secret of every staff member `createMember` makes (base32; tests compute codes with totpCode). */
export const STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** A member (with a live session) under `sponsor`, whose uplines follow the sponsor's chain. */
export async function createMember(
  t: TestApp,
  options: {
    countryId: number;
    sponsor?: TestMember | null;
    status?: 'inactive' | 'active' | 'suspended';
    /** Staff (support, operator) are created with two-factor sign-in on (STAFF_TOTP_SECRET), as staff actions need. */
    role?: 'member' | 'support' | 'operator';
    isHouse?: boolean;
    prefix?: string;
    signupBonusMinor?: bigint;
  },
): Promise<TestMember> {
  counter += 1;
  const username = `${options.prefix ?? 'm'}_${counter}_${randomBytes(3).toString('hex')}`.slice(0, 40);
  const phone = `+2547${String(10_000_000 + counter * 7919 + Math.floor(Math.random() * 1_000_000)).slice(-8)}${String(counter % 10)}`;
  const rows = await t.sql<{ id: string }>(
    `INSERT INTO members (username, email, phone, password_hash, country_id, l1_id, l2_id, l3_id, status, role, is_house, signup_bonus_minor, activated_at, joined_at)
     SELECT $1, $1 || '@test.local', $2, 'x', $3, s.id, s.l1_id, s.l2_id, $5, $6, $7, $8, CASE WHEN $5 = 'active' THEN $9::timestamptz - interval '2 days' END,
            $9::timestamptz
     FROM (SELECT $4::bigint AS id) q LEFT JOIN members s ON s.id = q.id
     RETURNING id`,
    [
      username,
      phone,
      options.countryId,
      options.sponsor ? options.sponsor.id.toString() : null,
      options.status ?? 'inactive',
      options.role ?? 'member',
      options.isHouse ?? false,
      (options.signupBonusMinor ?? 0n).toString(),
      // Activated two days before the app's clock, never the database's now(): a test that sets its clock must
      // not see a member activated "today" or in its future because of the real date.
      t.app.deps.clock.now(),
    ],
  );
  const id = BigInt(rows[0]!.id);
  if (options.role === 'support' || options.role === 'operator') {
    await enableTotpFor(t, id);
  }
  const token = await openTestSession(t, id);
  return { id, username, token };
}

/** Turns two-factor sign-in on for a staff account, its secret sealed as the app stores it (TUZO_SECRET_KEY). */
export async function enableTotpFor(t: TestApp, memberId: bigint, secret = STAFF_TOTP_SECRET): Promise<void> {
  const sealed = t.app.deps.secrets.seal(secret, totpSecretContext(memberId));
  await t.sql('UPDATE members SET totp_secret = $2, totp_enabled_at = $3 WHERE id = $1', [
    memberId.toString(),
    sealed,
    t.app.deps.clock.now(),
  ]);
}

let depositCounter = 0;

/** Money in, as a provider deposit posts it: provider:manual -> the member's wallet (default `deposit`). */
export async function fund(t: TestApp, memberId: bigint, amountMinor: bigint, wallet: WalletName = 'deposit'): Promise<void> {
  depositCounter += 1;
  await t.app.deps.db.transaction((tx) =>
    postTransaction(tx, {
      kind: 'deposit',
      idempotencyKey: `test:deposit:${memberId}:${depositCounter}:${randomBytes(4).toString('hex')}`,
      memberId,
      at: t.app.deps.clock.now(),
      legs: [
        { account: { system: 'provider:manual' }, amountMinor: -amountMinor },
        { account: { memberId, wallet }, amountMinor },
      ],
    }),
  );
}

export const wallets = (t: TestApp, memberId: bigint) => getWalletBalances(t.app.deps.db, memberId);
export const shown = (t: TestApp, memberId: bigint) => loadBalances(t.app.deps, { memberId });

/** Balance of a system account: the sum of its postings (providers and house keep no cached balance). */
export async function systemBalance(t: TestApp, code: string): Promise<bigint> {
  const rows = await t.sql<{ total: string }>(
    `SELECT COALESCE(SUM(p.amount_minor), 0)::text AS total FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.code = $1`,
    [code],
  );
  return BigInt(rows[0]!.total);
}
