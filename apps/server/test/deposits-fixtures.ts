import { randomBytes } from 'node:crypto';
import type { ProviderSim } from '@tuzo/provider-sim';
import { afterAll, expect } from 'vitest';
import { getWalletBalances } from '../src/ledger/ledger.ts';
import type { BuildAppOptions } from '../src/app.ts';
import { madeBeforeAll } from './before-all.ts';
import { callAction, createTestApp, openTestSession, type CallOptions, type EnvelopeResponse, type TestApp } from './harness.ts';

/** Shared set-up of the deposit tests: the real app listening on a port, its in-process simulator, members. */
export interface DepositTestContext {
  t: TestApp;
  sim: ProviderSim;
  call: (action: string, member: TestMember, options?: CallOptions) => Promise<EnvelopeResponse<any>>;
  member: (country: 'KE' | 'UG') => Promise<TestMember>;
  deposits: (member: TestMember) => Promise<
    Array<{
      id: string;
      status: number;
      amount_local_minor: string;
      failure_reason: string | null;
      provider_ref: string | null;
      checkout_request_id: string | null;
    }>
  >;
  depositWallet: (member: TestMember) => Promise<bigint>;
}

export interface TestMember {
  id: bigint;
  token: string;
  username: string;
}

let counter = 0;

/** The phone that forwards payment SMS in these tests (SMS_FORWARDER_PHONES), and the sender names accepted. */
export const FORWARDER_PHONE = '+254711000999';
const FORWARDER_ENV = { SMS_FORWARDER_PHONES: FORWARDER_PHONE, SMS_FORWARDER_SENDERS: 'MPESA,MTN' };

export async function startDepositTestApp(options: Pick<BuildAppOptions, 'clock' | 'logger'> = {}): Promise<DepositTestContext> {
  const t = await createTestApp(FORWARDER_ENV, options);
  await t.app.listen({ port: 0 });
  const { sim } = t;
  sim.mpesa.behaviour.callbackDelayMs = 150;
  await t.sql(`INSERT INTO countries (name, dial, abbreviation, currency, rate_micro, is_default) VALUES
    ('Kenya', '+254', 'KE', 'KES', 1000000, true), ('Uganda', '+256', 'UG', 'UGX', 28500000, false)
    ON CONFLICT (abbreviation) DO NOTHING`);

  const member = async (country: 'KE' | 'UG'): Promise<TestMember> => {
    counter += 1;
    const username = `dep_${country.toLowerCase()}_${counter}_${randomBytes(3).toString('hex')}`;
    const dial = country === 'KE' ? '+2547' : '+2567';
    const rows = await t.sql<{ id: string }>(
      `INSERT INTO members (username, email, phone, password_hash, country_id, joined_at)
       VALUES ($1, $1 || '@test.local', $2, 'x', (SELECT id FROM countries WHERE abbreviation = $3), $4) RETURNING id`,
      [
        username,
        `${dial}${String(10_000_000 + Math.floor(Math.random() * 89_999_999)).slice(0, 8)}`,
        country,
        t.app.deps.clock.now(),
      ],
    );
    const id = BigInt(rows[0]!.id);
    return { id, token: await openTestSession(t, id), username };
  };

  return {
    t,
    sim,
    member,
    call: (action, m, options = {}) => callAction(t.app, action, { token: m.token, ...options }),
    deposits: (m) =>
      t.sql(
        `SELECT id::text, status, amount_local_minor::text, failure_reason, provider_ref, checkout_request_id FROM deposits WHERE member_id = $1 ORDER BY id`,
        [m.id.toString()],
      ),
    depositWallet: async (m) => (await getWalletBalances(t.app.deps.db, m.id)).deposit,
  };
}

/** One deposit test app per test file (or describe block): started before its tests, closed after them. */
export function useDepositTestApp(options: Pick<BuildAppOptions, 'clock' | 'logger'> = {}): DepositTestContext {
  let started = false;
  const c = madeBeforeAll(async () => {
    const context = await startDepositTestApp(options);
    started = true;
    return context;
  });
  afterAll(async () => {
    if (started) await c.t.close();
  });
  return c;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` returns a truthy value (or fails the test after `ms`). */
export async function waitFor<T>(check: () => Promise<T>, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) {
      expect.fail(`Condition not met within ${ms} ms`);
    }
    await sleep(25);
  }
}

/** Number of deposit ledger transactions for a member (each credit is exactly one). */
export async function depositTransactions(t: TestApp, memberId: bigint): Promise<number> {
  const rows = await t.sql<{ n: string }>(
    `SELECT count(*) AS n FROM ledger_transactions WHERE kind = 'deposit' AND member_id = $1`,
    [memberId.toString()],
  );
  return Number(rows[0]!.n);
}
