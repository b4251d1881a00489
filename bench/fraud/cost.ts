import type pg from 'pg';
import type { buildApp } from '../../apps/server/src/app.ts';
import { postTransaction } from '../../apps/server/src/ledger/ledger.ts';
import { hashToken } from '../../apps/server/src/modules/auth/tokens.ts';
import { mobileIp } from './population.ts';
import { deviceId, type SeededRandom } from './seeded-random.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * The cost of collection, through the HTTP API of the started app, one request at a time (latency, not load), each
 * from a device of its own and a carrier address as a proxy forwards it (TRUST_PROXY=loopback), so its networks are
 * shared with the population's members as in production:
 * `register` and `activateaccount` (each member funded first, as a deposit would), with `fraud.collect` on and off
 * in alternating blocks of BLOCK requests so both see the same machine and the same, growing tables.
 */
const BLOCK = 20;

/** Changes fields of the `fraud` setting (decision 061) as the admin setting action would store it. */
export async function setFraud(sql: pg.Pool, patch: { collect?: boolean; max_accounts_per_signal?: number }): Promise<void> {
  const stored = await sql.query<{ value: Record<string, unknown> }>(`SELECT value FROM settings WHERE key = 'fraud'`);
  const value = { collect: true, raw_retention_days: 90, max_accounts_per_signal: 25, ...stored.rows[0]?.value, ...patch };
  await sql.query(
    `INSERT INTO settings (key, value) VALUES ('fraud', $1::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
    [JSON.stringify(value)],
  );
}

const p95 = (times: number[]) =>
  [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * 0.95))] ?? 0;

interface Arm {
  on: number[];
  off: number[];
}

/** Runs `call(i)` `2 * requests` times, collection on and off in turns of BLOCK; the latencies of each arm. */
async function alternate(sql: pg.Pool, requests: number, call: (i: number) => Promise<void>): Promise<Arm> {
  const arm: Arm = { on: [], off: [] };
  for (let i = 0; i < 2 * requests; i += 1) {
    const collect = Math.floor(i / BLOCK) % 2 === 0;
    if (i % BLOCK === 0) await setFraud(sql, { collect });
    const started = performance.now();
    await call(i);
    (collect ? arm.on : arm.off).push(performance.now() - started);
  }
  await setFraud(sql, { collect: true });
  return arm;
}

async function post(url: string, body: unknown, headers: Record<string, string>): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
}

/** Members ready to activate: inactive, under `sponsor`, a session token each and a funded deposit wallet. */
async function fundedMembers(app: App, sql: pg.Pool, input: { count: number; sponsor: bigint; random: SeededRandom }) {
  const rows = await sql.query<{ id: string }>(
    `INSERT INTO members (username, email, phone, password_hash, country_id, l1_id, l2_id, l3_id)
     SELECT 'fact_' || g, 'fact_' || g || '@bench.local', '+2541' || lpad((20000000 + g)::text, 8, '0'), 'x',
            s.country_id, s.id, s.l1_id, s.l2_id
     FROM generate_series(1, $1::int) g, members s WHERE s.id = $2 RETURNING id`,
    [input.count, input.sponsor.toString()],
  );
  const members: { token: string; device: string; ip: string }[] = [];
  for (const row of rows.rows) {
    const token = input.random.bytes(32).toString('base64url');
    await sql.query(`INSERT INTO sessions (member_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
      row.id,
      hashToken(token),
    ]);
    await app.deps.db.transaction((tx) =>
      postTransaction(tx, {
        kind: 'deposit',
        idempotencyKey: `bench:fraud:fund:${row.id}`,
        memberId: BigInt(row.id),
        legs: [
          { account: { system: 'provider:manual' }, amountMinor: -10_000_000n },
          { account: { memberId: BigInt(row.id), wallet: 'deposit' }, amountMinor: 10_000_000n },
        ],
      }),
    );
    members.push({ token, device: deviceId(input.random), ip: mobileIp(input.random) });
  }
  return members;
}

export interface CostFigures {
  signup: Arm;
  activation: Arm;
}

export async function measureCost(
  app: App,
  sql: pg.Pool,
  input: { base: string; requests: number; sponsor: { id: bigint; username: string }; random: SeededRandom },
): Promise<CostFigures> {
  const url = (action: string) => `${input.base}/api?action=${action}`;
  const register = (i: number) =>
    post(
      url('register'),
      {
        username: `fsign_${i}`,
        email: `fsign_${i}@example.com`,
        phone: `+2541${String(10_000_000 + i).padStart(8, '0')}`,
        password: 'secret123',
        repassword: 'secret123',
        country: '1',
        upline: input.sponsor.username,
      },
      { 'x-device-id': deviceId(input.random), 'x-forwarded-for': mobileIp(input.random) },
    );
  for (let i = 0; i < 10; i += 1) await register(1_000_000 + i);
  const signup = await alternate(sql, input.requests, register);
  const members = await fundedMembers(app, sql, {
    count: 2 * input.requests + 10,
    sponsor: input.sponsor.id,
    random: input.random,
  });
  const activate = (i: number) =>
    post(
      url('activateaccount'),
      {},
      { authorization: `Bearer ${members[i]!.token}`, 'x-device-id': members[i]!.device, 'x-forwarded-for': members[i]!.ip },
    );
  for (let i = 0; i < 10; i += 1) await activate(2 * input.requests + i);
  const activation = await alternate(sql, input.requests, activate);
  return { signup, activation };
}

export function printCost(name: string, arm: Arm): number {
  const on = p95(arm.on);
  const off = p95(arm.off);
  console.log(
    `${name}: p95 collection off (baseline) ${off.toFixed(1)} ms, on ${on.toFixed(1)} ms (${arm.on.length} + ${arm.off.length} requests); ` +
      `difference ${(on - off).toFixed(1)} ms, ratio on/off ${(on / Math.max(0.1, off)).toFixed(2)}`,
  );
  return on - off;
}
