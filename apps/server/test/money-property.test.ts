import fc from 'fast-check';
import { formatMinor, parseAmountToMinor, tariffFeeMinor } from '@tuzo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeSetting } from '../src/modules/settings/settings.service.ts';
import { SYSTEM_ACCOUNTS, WALLETS, type TransactionKind, type WalletName } from '../src/ledger/accounts.ts';
import { reconcileLedger } from '../src/ledger/reconcile.ts';
import { SettableClock } from '../src/lib/clock.ts';
import { sequenceRandom } from '../src/lib/random.ts';
import { seedDemoContent } from '../src/modules/videos/demo-content.ts';
import { callAction, createTestApp, type EnvelopeResponse, type TestApp } from './harness.ts';
import { waitFor } from './deposits-fixtures.ts';
import { createMember, fund, systemBalance, wallets, type TestMember } from './money-fixtures.ts';

/**
 * Random sequences of money operations on a 3-level team (s <- a <- b <- x), drawn from every way money moves:
 * deposits (by hand, M-Pesa STK push, Flutterwave link, transaction code), activation (paid and free), Jumbo and
 * task-wallet withdrawals with their completion and decline by hand, approvals paid out by M-Pesa B2C through the
 * provider simulator (paid, or failed and refunded; `payout`), pay for client, free and casino spins, trivia, daily
 * and welcome bonuses, YouTube, TikTok and ads tasks, wallet adjustments and manual deposits (at once, or above the
 * four-eyes threshold as a request a second operator approves), deactivation and upline changes, plus the day
 * turning. Every operation goes through the action endpoint, on the app's settable clock and a fixed random source.
 * The ledger kinds they may record: deposit, activation, commission_l1/l2/l3, withdrawal_hold, withdrawal_complete
 * and withdrawal_refund (by hand, or as a payout's settlement, counted again as `payout withdrawal_complete` and
 * `payout withdrawal_refund`), pay_for_client, free_spin, casino_spin, trivia, daily_bonus, welcome_bonus, youtube,
 * tiktok, ads, adjustment and reversal.
 *
 * The first kinds (deposit, activation, Jumbo withdrawal, its decision by hand or by payout, pay for client) are
 * checked against a plain model of the rules, status code and amounts (a payout's settlement exactly: the hold to
 * provider:payouts and house:fees, or back to the wallet it came from). Every other operation is checked by what
 * the ledger recorded: only the transaction kinds it may write, only on the team's and the system's accounts, and a refusal (4xx, or a 202
 * request) writes nothing at all. After every step: every wallet equals the model, none is negative, the system
 * accounts moved as the model says, all accounts sum to zero, the ledger reconciles and the member running totals
 * equal the ledger.
 *
 * PROPERTY_RUNS and PROPERTY_LENGTH (environment) size the run, PROPERTY_SEED replays one; the defaults stay well under 30 s on a quiet machine.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 12);
// A failing sequence is reported as drawn, not shrunk, unless PROPERTY_SHRINK=1 (shrinking replays it many times).
const MAX_LENGTH = Number(process.env.PROPERTY_LENGTH ?? 30);

let t: TestApp;
let kenya: number;
let operator: TestMember;
let operatorB: TestMember;
// 2026-11-29 is a Sunday: YouTube, TikTok and ads all run; the `tomorrow` operation moves on a day at a time.
const clock = new SettableClock(new Date('2026-11-29T09:00:00Z'));

const FEE = 50_000n;
const COMMISSIONS = [25_000n, 15_000n, 5_000n];
const MIN_WITHDRAWAL = 20_000n;
const TARIFF = [
  { minMinor: 20_000n, maxMinor: 99_900n, tariffMinor: 3_000n },
  { minMinor: 100_000n, maxMinor: 499_900n, tariffMinor: 5_000n },
  { minMinor: 500_000n, maxMinor: 1_999_900n, tariffMinor: 10_000n },
  { minMinor: 2_000_000n, maxMinor: 7_000_000n, tariffMinor: 20_000n },
];
/** four_eyes_threshold default, KES 10,000.00 (rate 1 in the test country). */
const THRESHOLD = 1_000_000n;
/** payouts.limits' M-Pesa B2C minimum, KES 10.00. */
const PAYOUT_MINIMUM = 1_000n;
/** The provider simulator's phone whose M-Pesa B2C payouts fail (…01: the utility balance is too low). */
const FAILING_PHONE = '+254700000001';

beforeAll(async () => {
  t = await createTestApp(
    {},
    { clock, random: sequenceRandom([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4, 3]) },
  );
  // The provider simulator's callbacks and webhooks reach the app over HTTP.
  await t.app.listen({ port: 0 });
  // As the deposit tests: the callback comes after the app stored the push's CheckoutRequestID.
  t.sim.mpesa.behaviour.callbackDelayMs = 150;
  // Kenya (the start-up seed's first country: fee 500, commissions 250/150/50, minimum withdrawal 200, the tariff
  // below): the only country with M-Pesa STK push and C2B codes.
  kenya = (await t.sql<{ id: number }>("SELECT id FROM countries WHERE abbreviation = 'KE'"))[0]!.id;
  // Kenya is paid by hand (`decide`), except during a `payout` operation, which switches it to M-Pesa B2C for its
  // approval. The simulator keeps each B2C result until the operation releases it, so nothing waits blindly.
  await storeSetting(t.app.deps.db, { key: 'payouts.providers', value: {}, at: new Date() });
  t.sim.mpesa.b2c.behaviour.holdResults = true;
  await seedDemoContent(t.app.deps);
  operator = await createMember(t, { countryId: kenya, status: 'active', role: 'operator', prefix: 'pop' });
  operatorB = await createMember(t, { countryId: kenya, status: 'active', role: 'operator', prefix: 'pob' });
  await longSessions();
  // Money-control settings are four-eyes changes (decision 044): operator asks, operatorB approves.
  const setting = async (key: string, value: unknown) => {
    const asked = await callAction(t.app, 'adminsetting', { method: 'POST', token: operator.token, payload: { key, value } });
    expect(asked.httpStatus).toBe(202);
    return callAction(t.app, 'adminapproverequest', {
      method: 'POST',
      token: operatorB.token,
      payload: { id: asked.data.approval_id },
    });
  };
  // One level-1 activation a day earns the daily bonus, and task wallets open for withdrawal from KES 5.00, so
  // sequences reach both.
  expect((await setting('daily_target', 1)).status).toBe(200);
  expect((await setting('task_wallet_unlock', '5.00')).status).toBe(200);
}, 60_000);
afterAll(async () => t.close());

/**
 * Sessions outlive the clock's moves (they expire, and idle out, by the app's clock): as if everyone signed in again
 * when the clock moved.
 */
const longSessions = () => t.sql(`UPDATE sessions SET expires_at = '2100-01-01', last_seen_at = $1`, [clock.now()]);

type Who = number;
type Op =
  | { type: 'deposit'; who: Who; amount: number; wallet: 'deposit' | 'balance' }
  | { type: 'activate'; who: Who }
  | { type: 'withdraw'; who: Who; amount: number }
  | { type: 'decide'; pick: number; approve: boolean }
  /**
   * An approval while Kenya is paid by M-Pesa B2C (with no payable withdrawal pending, an active member first asks
   * for `shillings`): `fail` gives the member the simulator's failing phone.
   */
  | { type: 'payout'; pick: number; fail: boolean; shillings: number }
  | { type: 'transfer'; payer: Who; client: Who; acc: '1' | '2'; amount: number }
  /** `share`: the amount as a percentage of what the wallet holds (task wallets hold little). */
  | { type: 'taskWithdraw'; who: Who; acc: '3' | '4' | '5'; share: number }
  | { type: 'freeSpin'; who: Who }
  | { type: 'casinoSpin'; who: Who; acc: '1' | '2'; stake: number }
  | { type: 'trivia'; who: Who; right: number }
  | { type: 'dailyBonus'; who: Who }
  | { type: 'welcomeBonus'; who: Who }
  | { type: 'video'; who: Who; kind: 'youtube' | 'tiktok'; pick: number }
  | { type: 'ad'; who: Who; pick: number; liked: boolean; comment: boolean }
  | { type: 'adjust'; who: Who; wallet: WalletName; amount: number; big: boolean }
  | { type: 'manualDeposit'; who: Who; amount: number; big: boolean }
  | { type: 'approve'; pick: number; reject: boolean }
  | { type: 'freeActivate'; who: Who }
  | { type: 'deactivate'; who: Who }
  | { type: 'changeUpline'; who: Who; upline: Who }
  | { type: 'stkDeposit'; who: Who; amount: number }
  | { type: 'linkDeposit'; who: Who; amount: number }
  | { type: 'codeDeposit'; who: Who; amount: number; notified: boolean; big: boolean }
  | { type: 'tomorrow' };

const who = fc.integer({ min: 0, max: 3 });
const cents = fc.integer({ min: 1, max: 60_000 });
const rec = <T extends Op['type'], R extends Record<string, fc.Arbitrary<unknown>>>(type: T, fields: R) =>
  fc.record({ type: fc.constant(type), ...fields }) as unknown as fc.Arbitrary<Extract<Op, { type: T }>>;
// Weighted so that sequences reach the interesting states (activated members with money, pending withdrawals).
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: rec('deposit', {
      who,
      amount: fc.integer({ min: 1, max: 120_000 }),
      wallet: fc.constantFrom('deposit' as const, 'balance' as const),
    }),
  },
  { weight: 3, arbitrary: rec('activate', { who }) },
  // Half the withdrawals are whole shillings (KES 200 to 600), which M-Pesa B2C can pay (`payout`).
  {
    weight: 3,
    arbitrary: rec('withdraw', {
      who,
      amount: fc.oneof(
        cents,
        fc.integer({ min: 200, max: 600 }).map((shillings) => shillings * 100),
      ),
    }),
  },
  { weight: 2, arbitrary: rec('decide', { pick: fc.nat(), approve: fc.boolean() }) },
  { weight: 2, arbitrary: rec('payout', { pick: fc.nat(), fail: fc.boolean(), shillings: fc.integer({ min: 200, max: 600 }) }) },
  {
    weight: 2,
    arbitrary: rec('transfer', { payer: who, client: who, acc: fc.constantFrom('1' as const, '2' as const), amount: cents }),
  },
  {
    weight: 1,
    arbitrary: rec('taskWithdraw', {
      who,
      acc: fc.constantFrom('3' as const, '4' as const, '5' as const),
      share: fc.integer({ min: 1, max: 110 }),
    }),
  },
  { weight: 1, arbitrary: rec('freeSpin', { who }) },
  {
    weight: 2,
    arbitrary: rec('casinoSpin', {
      who,
      acc: fc.constantFrom('1' as const, '2' as const),
      stake: fc.integer({ min: 1_000, max: 30_000 }),
    }),
  },
  { weight: 1, arbitrary: rec('trivia', { who, right: fc.integer({ min: 0, max: 10 }) }) },
  { weight: 1, arbitrary: rec('dailyBonus', { who }) },
  { weight: 1, arbitrary: rec('welcomeBonus', { who }) },
  { weight: 2, arbitrary: rec('video', { who, kind: fc.constantFrom('youtube' as const, 'tiktok' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: rec('ad', { who, pick: fc.nat(), liked: fc.boolean(), comment: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: rec('adjust', {
      who,
      wallet: fc.constantFrom(...WALLETS),
      amount: fc.integer({ min: -60_000, max: 150_000 }),
      big: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: rec('manualDeposit', { who, amount: fc.integer({ min: 100, max: 100_000 }), big: fc.boolean() }) },
  { weight: 2, arbitrary: rec('approve', { pick: fc.nat(), reject: fc.boolean() }) },
  { weight: 1, arbitrary: rec('freeActivate', { who }) },
  { weight: 1, arbitrary: rec('deactivate', { who }) },
  { weight: 1, arbitrary: rec('changeUpline', { who, upline: who }) },
  { weight: 1, arbitrary: rec('stkDeposit', { who, amount: fc.integer({ min: 1, max: 2_000 }) }) },
  { weight: 1, arbitrary: rec('linkDeposit', { who, amount: fc.integer({ min: 1, max: 2_000 }) }) },
  {
    weight: 1,
    arbitrary: rec('codeDeposit', { who, amount: fc.integer({ min: 1, max: 2_000 }), notified: fc.boolean(), big: fc.boolean() }),
  },
  { weight: 1, arbitrary: rec('tomorrow', {}) },
);

type SystemCode = (typeof SYSTEM_ACCOUNTS)[number];
interface Model {
  wallets: Record<WalletName, bigint>[];
  active: boolean[];
  /** Index of each member's sponsor in the team (null for s). */
  sponsor: (number | null)[];
  /** Withdrawals waiting for a decision: the amount asked for, and what the hold took (amount and charge). */
  pending: { id: string; who: number; wallet: WalletName; amount: bigint; held: bigint }[];
  approvals: string[];
  /** How far each system account moved since the sequence began. */
  system: Record<SystemCode, bigint>;
}

async function systemSnapshot(): Promise<Record<SystemCode, bigint>> {
  const entries = await Promise.all(SYSTEM_ACCOUNTS.map(async (code) => [code, await systemBalance(t, code)] as const));
  return Object.fromEntries(entries) as Record<SystemCode, bigint>;
}

const lastTransaction = async () =>
  BigInt((await t.sql<{ id: string }>('SELECT COALESCE(max(id), 0)::text AS id FROM ledger_transactions'))[0]!.id);

/** Kinds seen over the whole run (printed at the end, so a change that stops reaching a kind shows). */
const seen = new Map<string, number>();
/** Per operation: how often it moved money and how often it was refused (or moved nothing). */
const outcomes = new Map<string, { moved: number; still: number }>();

/** The members a chain of sponsors gives index i: level 1, 2, 3. */
function uplines(model: Model, i: number): number[] {
  const chain: number[] = [];
  let next = model.sponsor[i] ?? null;
  while (next !== null && chain.length < 3) {
    chain.push(next);
    next = model.sponsor[next] ?? null;
  }
  return chain;
}

/**
 * Applies what the ledger recorded since `since` to the model, after checking each transaction is of an `allowed`
 * kind and touches only the team's wallets and system accounts. Returns the postings, by account code.
 */
async function observe(
  team: TestMember[],
  model: Model,
  since: bigint,
  allowed: readonly TransactionKind[],
): Promise<Map<string, bigint>> {
  const rows = await t.sql<{ id: string; kind: string; code: string; amount: string }>(
    `SELECT tr.id::text AS id, tr.kind, a.code, p.amount_minor::text AS amount FROM ledger_transactions tr
       JOIN ledger_postings p ON p.transaction_id = tr.id JOIN ledger_accounts a ON a.id = p.account_id
      WHERE tr.id > $1 ORDER BY tr.id, p.id`,
    [since.toString()],
  );
  const moved = new Map<string, bigint>();
  for (const [i, row] of rows.entries()) {
    expect(allowed).toContain(row.kind);
    if (row.id !== rows[i - 1]?.id) seen.set(row.kind, (seen.get(row.kind) ?? 0) + 1);
    const amount = BigInt(row.amount);
    moved.set(row.code, (moved.get(row.code) ?? 0n) + amount);
    const member = /^member:(\d+):(\w+)$/.exec(row.code);
    if (member) {
      const index = team.findIndex((m) => m.id === BigInt(member[1]!));
      expect(index, `posting on ${row.code}, outside the team`).toBeGreaterThanOrEqual(0);
      model.wallets[index]![member[2] as WalletName] += amount;
    } else {
      expect(SYSTEM_ACCOUNTS).toContain(row.code);
      model.system[row.code as SystemCode] += amount;
    }
  }
  return moved;
}

/** A refusal: a clean 4xx (or a 202 request waiting for a second operator) and no ledger transaction at all. */
async function refusedCleanly(res: EnvelopeResponse, since: bigint): Promise<void> {
  // Not 400 (every payload here is well-formed) nor 401 (every session is live): a refusal by the rules.
  expect([202, 403, 404, 409, 422], `${res.status} ${res.msg}`).toContain(res.status);
  expect(await lastTransaction()).toBe(since);
}

let references = 0;

/**
 * An open payout risk flag (raised with the hold: too many withdrawals in a day, a large credit or an upline change
 * shortly before) holds a withdrawal: every approval of it, by hand or by payout, is refused until an operator clears
 * the flag (docs/money.md, decision 035). Declining it is still allowed.
 */
const heldByRisk = async (withdrawalId: string) =>
  (await t.sql('SELECT 1 FROM payout_risk_flags WHERE withdrawal_id = $1 AND cleared_at IS NULL', [withdrawalId])).length > 0;

/** Waits (in real time: the provider simulator answers over HTTP) until a deposit left the pending state. */
async function settledDeposit(id: string): Promise<void> {
  await waitFor(
    async () => (await t.sql<{ status: number }>('SELECT status FROM deposits WHERE id = $1', [id]))[0]?.status !== 0,
  ).catch(async (error: unknown) => {
    console.info(JSON.stringify(await t.sql('SELECT * FROM deposits WHERE id = $1', [id])));
    throw error;
  });
}

/** The age confirmation spins need (refused, moving nothing, while the member is not active). */
async function consent(m: TestMember): Promise<void> {
  const res = await callAction(t.app, 'spinconsent', { method: 'POST', token: m.token, payload: { confirm: true } });
  expect([200, 403, 409]).toContain(res.status);
}

async function step(team: TestMember[], model: Model, op: Op): Promise<void> {
  const post = (token: string, action: string, payload: unknown) => callAction(t.app, action, { method: 'POST', token, payload });
  const get = (token: string, action: string) => callAction(t.app, action, { token });
  const since = await lastTransaction();
  /** Accepted: apply and check the recorded kinds. Refused: nothing moved. */
  const settle = async (res: EnvelopeResponse, allowed: readonly TransactionKind[]) => {
    if (res.status === 200) return observe(team, model, since, allowed);
    await refusedCleanly(res, since);
    return null;
  };
  switch (op.type) {
    case 'deposit': {
      await fund(t, team[op.who]!.id, BigInt(op.amount), op.wallet);
      model.wallets[op.who]![op.wallet] += BigInt(op.amount);
      model.system['provider:manual'] -= BigInt(op.amount);
      seen.set('deposit', (seen.get('deposit') ?? 0) + 1);
      return;
    }
    case 'activate': {
      const res = await post(team[op.who]!.token, 'activateaccount', {});
      const w = model.wallets[op.who]!;
      if (model.active[op.who]) return void expect(res.status).toBe(409);
      if (w.deposit < FEE) return void expect(res.status).toBe(422);
      expect(res.status).toBe(200);
      w.deposit -= FEE;
      model.system['house:fees'] += FEE;
      model.active[op.who] = true;
      for (const [level, upline] of uplines(model, op.who).entries()) {
        model.wallets[upline]!.balance += COMMISSIONS[level]!;
        model.system['house:commissions'] -= COMMISSIONS[level]!;
      }
      seen.set('activation', (seen.get('activation') ?? 0) + 1);
      return;
    }
    case 'withdraw': {
      const res = await post(team[op.who]!.token, 'systemwithdrawal', { acc: '1', amount: formatMinor(BigInt(op.amount)) });
      const amount = BigInt(op.amount);
      const fee = tariffFeeMinor(amount, TARIFF);
      const w = model.wallets[op.who]!;
      if (!model.active[op.who]) return void expect(res.status).toBe(403);
      if (amount < MIN_WITHDRAWAL || amount + fee > w.balance) return void expect(res.status).toBe(422);
      expect(res.status).toBe(200);
      w.balance -= amount + fee;
      model.system['hold:withdrawals'] += amount + fee;
      model.pending.push({ id: res.data.id, who: op.who, wallet: 'balance', amount, held: amount + fee });
      seen.set('withdrawal_hold', (seen.get('withdrawal_hold') ?? 0) + 1);
      return;
    }
    case 'taskWithdraw': {
      const wallet = ({ '3': 'youtube', '4': 'tiktok', '5': 'ads' } as const)[op.acc];
      const before = model.wallets[op.who]![wallet];
      const amount = (before * BigInt(op.share)) / 100n || 1n;
      const res = await post(team[op.who]!.token, 'systemwithdrawal', { acc: op.acc, amount: formatMinor(amount) });
      const moved = await settle(res, ['withdrawal_hold']);
      if (!moved) return;
      const held = before - model.wallets[op.who]![wallet];
      expect(held).toBeGreaterThanOrEqual(amount);
      expect(moved.get('hold:withdrawals')).toBe(held);
      model.pending.push({ id: res.data.id, who: op.who, wallet, amount, held });
      return;
    }
    case 'decide': {
      if (model.pending.length === 0) return;
      const [chosen] = model.pending.splice(op.pick % model.pending.length, 1);
      const held = op.approve && (await heldByRisk(chosen!.id));
      const res = await post(operator.token, 'updatetrans', { tid: chosen!.id, value: op.approve ? 2 : 1 });
      if (held) {
        expect(res.status, res.msg).toBe(409);
        expect(await lastTransaction()).toBe(since);
        return void model.pending.push(chosen!);
      }
      expect(res.status).toBe(200);
      const moved = await observe(team, model, since, [op.approve ? 'withdrawal_complete' : 'withdrawal_refund']);
      // The hold is released in full: to the provider and the fees on completion, back to its wallet on decline.
      expect(moved.get('hold:withdrawals')).toBe(-chosen!.held);
      if (op.approve) expect((moved.get('provider:payouts') ?? 0n) + (moved.get('house:fees') ?? 0n)).toBe(chosen!.held);
      else expect(moved.get(`member:${team[chosen!.who]!.id}:${chosen!.wallet}`)).toBe(chosen!.held);
      return;
    }
    case 'payout': {
      // What M-Pesa B2C can pay (payouts.limits): whole shillings, KES 10 at least.
      const isPayable = (p: Model['pending'][number]) => p.amount % 100n === 0n && p.amount >= PAYOUT_MINIMUM;
      if (!model.pending.some(isPayable)) {
        const active = [...team.keys()].filter((i) => model.active[i]);
        if (active.length === 0) return;
        await step(team, model, { type: 'withdraw', who: active[op.pick % active.length]!, amount: op.shillings * 100 });
      }
      const payable = model.pending.filter(isPayable);
      if (payable.length === 0) return;
      const asked = await lastTransaction();
      const chosen = payable[op.pick % payable.length]!;
      model.pending.splice(model.pending.indexOf(chosen), 1);
      const member = team[chosen.who]!;
      // A Kenyan M-Pesa number the simulator pays (the test members' own are not 2547 and 8 digits), or …01, as the
      // phone the withdrawal recorded when asked (the payout goes there, decision 045).
      const payoutPhone = op.fail ? FAILING_PHONE : `+25471${String(member.id % 10_000_000n).padStart(7, '0')}`;
      await t.sql('UPDATE withdrawals SET payout_phone = $2 WHERE id = $1', [chosen.id, payoutPhone]);
      await storeSetting(t.app.deps.db, { key: 'payouts.providers', value: { KE: 'mpesa_b2c' }, at: new Date() });
      const held = await heldByRisk(chosen.id);
      let settled: { state: string } | null;
      try {
        const res = await post(operator.token, 'updatetrans', { tid: chosen.id, value: 2 });
        if (held) {
          expect(res.status, res.msg).toBe(409);
          expect(await lastTransaction()).toBe(asked);
          return void model.pending.push(chosen);
        }
        expect(res.status, res.msg).toBe(200);
        // The approval sent the payout and moved nothing; the simulator keeps its result (holdResults) until it is
        // released here, then the result settles it.
        expect(res.data.payout).toMatchObject({ provider: 'mpesa_b2c', state: 'sent' });
        expect(await lastTransaction()).toBe(asked);
        expect(await t.sim.mpesa.b2c.releaseResults(res.data.payout.reference)).toBe(1);
        settled = await waitFor(async () => {
          const rows = await t.sql<{ state: string }>('SELECT state FROM payouts WHERE withdrawal_id = $1', [chosen.id]);
          return rows.length === 1 && ['paid', 'failed'].includes(rows[0]!.state) ? rows[0]! : null;
        });
      } finally {
        await storeSetting(t.app.deps.db, { key: 'payouts.providers', value: {}, at: new Date() });
      }
      expect(settled?.state).toBe(op.fail ? 'failed' : 'paid');
      const kind = op.fail ? 'withdrawal_refund' : 'withdrawal_complete';
      const moved = await observe(team, model, asked, [kind]);
      seen.set(`payout ${kind}`, (seen.get(`payout ${kind}`) ?? 0) + 1);
      // The hold is released in full: the amount to the provider and the charge to the fees when paid, all of it
      // back to the wallet it came from when the payout failed.
      expect(moved.get('hold:withdrawals')).toBe(-chosen.held);
      if (op.fail) expect(moved.get(`member:${member.id}:${chosen.wallet}`)).toBe(chosen.held);
      else {
        expect(moved.get('provider:payouts')).toBe(chosen.amount);
        expect(moved.get('house:fees') ?? 0n).toBe(chosen.held - chosen.amount);
      }
      return;
    }
    case 'transfer': {
      const res = await post(team[op.payer]!.token, 'payforclient', {
        acc: op.acc,
        reusername: team[op.client]!.username,
        amount: formatMinor(BigInt(op.amount)),
      });
      const amount = BigInt(op.amount);
      const wallet = op.acc === '1' ? 'balance' : 'deposit';
      const inTeam = uplines(model, op.client).includes(op.payer);
      if (!model.active[op.payer]) return void expect(res.status).toBe(403);
      if (!inTeam) return void expect(res.status).toBe(404);
      if (model.active[op.client]) return void expect(res.status).toBe(409);
      if (model.wallets[op.payer]![wallet] < amount) return void expect(res.status).toBe(422);
      expect(res.status).toBe(200);
      model.wallets[op.payer]![wallet] -= amount;
      model.wallets[op.client]!.deposit += amount;
      seen.set('pay_for_client', (seen.get('pay_for_client') ?? 0) + 1);
      return;
    }
    case 'freeSpin': {
      await consent(team[op.who]!);
      await settle(await post(team[op.who]!.token, 'freespin', {}), ['free_spin']);
      return;
    }
    case 'casinoSpin': {
      await consent(team[op.who]!);
      const res = await post(team[op.who]!.token, 'requestSpin', { acc: op.acc, spin_amount: formatMinor(BigInt(op.stake)) });
      const moved = await settle(res, ['casino_spin']);
      // The stake leaves the chosen wallet; the win (if any) is paid into Jumbo.
      const id = team[op.who]!.id;
      if (moved)
        expect((moved.get(`member:${id}:balance`) ?? 0n) + (moved.get(`member:${id}:deposit`) ?? 0n)).toBe(
          parseAmountToMinor(res.data.win)! - BigInt(op.stake),
        );
      return;
    }
    case 'trivia': {
      const m = team[op.who]!;
      const round = await get(m.token, 'populatetrivia');
      if (round.status !== 200) return void (await refusedCleanly(round, since));
      const qids = (round.data as { qid: string }[]).map((q) => q.qid);
      const rows = await t.sql<{ id: string; right: string; wrong: string }>(
        'SELECT id::text AS id, options[correct] AS right, options[CASE WHEN correct = 1 THEN 2 ELSE 1 END] AS wrong FROM trivia_questions WHERE id = ANY($1::bigint[])',
        [qids],
      );
      const answers = rows.map((r, i) => ({ qid: r.id, answer: i < op.right ? r.right : r.wrong }));
      clock.advance(10_000);
      const res = await post(m.token, 'answerdquiz', { answers });
      const moved = await settle(res, ['trivia']);
      if (moved && res.data.correct === 0) expect(moved.size).toBe(0);
      return;
    }
    case 'dailyBonus': {
      await settle(await get(team[op.who]!.token, 'dailybonus'), ['daily_bonus']);
      return;
    }
    case 'welcomeBonus': {
      await settle(await get(team[op.who]!.token, 'welcomebonus'), ['welcome_bonus']);
      return;
    }
    case 'video': {
      const m = team[op.who]!;
      const list = await get(m.token, op.kind === 'youtube' ? 'populateyoutube' : 'populatetiktok');
      if (list.status !== 200) return void (await refusedCleanly(list, since));
      const videos = (op.kind === 'youtube' ? list.data.videos : list.data) as { v_id: string }[];
      if (videos.length === 0) return;
      const vid = videos[op.pick % videos.length]!.v_id;
      const started = await post(m.token, 'startvideo', { vid });
      if (started.status !== 200) return void (await refusedCleanly(started, since));
      clock.advance(6_000);
      await settle(await post(m.token, op.kind === 'youtube' ? 'payyoutube' : 'paytiktok', { vid }), [op.kind]);
      return;
    }
    case 'ad': {
      const m = team[op.who]!;
      const list = await get(m.token, 'populateads');
      if (list.status !== 200) return void (await refusedCleanly(list, since));
      const ads = list.data as { v_id: string }[];
      if (ads.length === 0) return;
      const res = await post(m.token, 'payAds', {
        addId: ads[op.pick % ads.length]!.v_id,
        liked: op.liked,
        message: op.comment ? 'Nice one' : '',
      });
      await settle(res, ['ads']);
      return;
    }
    case 'adjust': {
      // `big` goes above the four-eyes threshold: a 202 request that `approve` decides with the second operator.
      const amount = op.big ? THRESHOLD + BigInt(Math.abs(op.amount) + 1) : BigInt(op.amount === 0 ? 1 : op.amount);
      const res = await post(operator.token, 'adminadjust', {
        username: team[op.who]!.username,
        wallet: op.wallet,
        amount: formatMinor(amount),
        reason: 'Property test',
      });
      if (res.status === 202) model.approvals.push(res.data.approval_id);
      await settle(res, ['adjustment']);
      return;
    }
    case 'manualDeposit': {
      references += 1;
      const amount = op.big ? THRESHOLD + BigInt(op.amount) : BigInt(op.amount);
      const res = await post(operator.token, 'admindeposit', {
        username: team[op.who]!.username,
        amount: formatMinor(amount),
        reference: `PROP-${process.pid}-${references}`,
      });
      if (res.status === 202) model.approvals.push(res.data.approval_id);
      const moved = await settle(res, ['deposit']);
      if (moved) expect(moved.get(`member:${team[op.who]!.id}:deposit`)).toBe(amount);
      return;
    }
    case 'approve': {
      if (model.approvals.length === 0) return;
      const [id] = model.approvals.splice(op.pick % model.approvals.length, 1);
      // The requester never decides their own request.
      expect((await post(operator.token, 'adminapproverequest', { id })).status).toBe(403);
      const res = op.reject
        ? await post(operatorB.token, 'adminrejectrequest', { id, reason: 'Property test' })
        : await post(operatorB.token, 'adminapproverequest', { id, note: 'Property test' });
      if (op.reject) {
        expect(res.status).toBe(200);
        expect(await lastTransaction()).toBe(since);
        return;
      }
      // An approval can still be refused by the rules (a clawback larger than the wallet now holds).
      await settle(res, ['adjustment', 'deposit']);
      return;
    }
    case 'freeActivate': {
      const res = await post(operator.token, 'adminactivate', { username: team[op.who]!.username });
      if (await settle(res, ['activation', 'adjustment', 'commission_l1', 'commission_l2', 'commission_l3']))
        model.active[op.who] = true;
      return;
    }
    case 'deactivate': {
      const res = await post(operator.token, 'admindeactivate', { username: team[op.who]!.username });
      if (await settle(res, ['reversal', 'adjustment'])) model.active[op.who] = false;
      return;
    }
    case 'changeUpline': {
      const res = await post(operator.token, 'adminchangeupline', {
        username: team[op.who]!.username,
        upline: team[op.upline]!.username,
        reason: 'Property test',
      });
      if (await settle(res, ['reversal', 'adjustment', 'commission_l1', 'commission_l2', 'commission_l3']))
        model.sponsor[op.who] = op.upline;
      return;
    }
    case 'stkDeposit': {
      // M-Pesa STK push through the simulator: its callback credits the deposit wallet.
      // Each member pays from their own number: one payer shared by a sponsor and their downline is a self-referral
      // ring (decision 061), whose commissions would be held.
      const phone = `0712${String(op.who).padStart(6, '0')}`;
      const res = await post(team[op.who]!.token, 'stkpush', { phone, amount: op.amount });
      expect(res.status).toBe(200);
      await settledDeposit(res.data.depositId);
      const moved = await observe(team, model, since, ['deposit']);
      expect(moved.get(`member:${team[op.who]!.id}:deposit`)).toBe(BigInt(op.amount) * 100n);
      return;
    }
    case 'linkDeposit': {
      // Flutterwave payment link: the member pays on the simulator's checkout page, the webhook credits after verifying.
      const res = await post(team[op.who]!.token, 'requestpayment', { amount: op.amount });
      expect(res.status).toBe(200);
      const paid = await fetch(`${res.data.link}/pay`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      await settledDeposit(res.data.depositId);
      const moved = await observe(team, model, since, ['deposit']);
      expect(moved.get(`member:${team[op.who]!.id}:deposit`)).toBe(BigInt(op.amount) * 100n);
      return;
    }
    case 'codeDeposit': {
      // A transaction code: credited at once when M-Pesa's C2B notification came and was verified; otherwise queued
      // for review, where an operator credits a typed amount (above the threshold, a request for a second operator).
      references += 1;
      const code = `PQ${String(process.pid % 10_000).padStart(4, '0')}${String(references).padStart(4, '0')}`;
      const amount = op.big ? THRESHOLD + BigInt(op.amount) : BigInt(op.amount) * 100n;
      if (op.notified) {
        await t.sim.mpesa.sendC2B({
          TransID: code,
          TransAmount: formatMinor(amount),
          MSISDN: `254713${String(op.who).padStart(6, '0')}`,
        });
        await waitFor(
          async () =>
            (await t.sql(`SELECT 1 FROM payment_notifications WHERE trans_id = $1 AND verification <> 'pending'`, [code]))
              .length > 0,
        );
      }
      const res = await post(team[op.who]!.token, 'recovercode', { ref_code: code });
      if (op.notified) {
        expect(res.status).toBe(200);
        const moved = await observe(team, model, since, ['deposit']);
        expect(moved.get(`member:${team[op.who]!.id}:deposit`)).toBe(amount);
        return;
      }
      expect(res.status).toBe(202);
      const review = (
        await t.sql<{ id: string }>('SELECT id::text AS id FROM code_reviews WHERE member_id = $1 AND code = $2', [
          team[op.who]!.id.toString(),
          code,
        ])
      )[0]!;
      const resolved = await post(operator.token, 'adminresolvecode', {
        id: review.id,
        approve: true,
        amount: formatMinor(amount),
      });
      if (resolved.status === 202) model.approvals.push(resolved.data.approval_id);
      const moved = await settle(resolved, ['deposit']);
      if (moved) expect(moved.get(`member:${team[op.who]!.id}:deposit`)).toBe(amount);
      return;
    }
    case 'tomorrow': {
      clock.advance(24 * 60 * 60 * 1000);
      await longSessions();
      return;
    }
    default: {
      const never: never = op;
      throw new Error(`unknown op ${JSON.stringify(never)}`);
    }
  }
}

describe('money properties', () => {
  it('keeps wallets exact, non-negative, reconciled and conserved over random sequences of every money movement', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: Math.min(15, MAX_LENGTH), maxLength: MAX_LENGTH }), async (ops) => {
        const s = await createMember(t, { countryId: kenya, status: 'active', prefix: 'ps' });
        const a = await createMember(t, { countryId: kenya, sponsor: s, prefix: 'pa' });
        const b = await createMember(t, { countryId: kenya, sponsor: a, prefix: 'pb' });
        const x = await createMember(t, { countryId: kenya, sponsor: b, prefix: 'px' });
        const team = [s, a, b, x];
        await longSessions();
        const zero = () => Object.fromEntries(WALLETS.map((w) => [w, 0n])) as Record<WalletName, bigint>;
        const model: Model = {
          wallets: team.map(zero),
          active: [true, false, false, false],
          sponsor: [null, 0, 1, 2],
          pending: [],
          approvals: [],
          system: Object.fromEntries(SYSTEM_ACCOUNTS.map((code) => [code, 0n])) as Record<SystemCode, bigint>,
        };
        const start = await systemSnapshot();
        // Seed money so that sequences reach the interesting states quickly: each member can activate and withdraw.
        for (const i of team.keys()) {
          await step(team, model, { type: 'deposit', who: i, amount: 60_000, wallet: 'deposit' });
          await step(team, model, { type: 'deposit', who: i, amount: 40_000 + i * 10_000, wallet: 'balance' });
        }
        for (const op of ops) {
          const before = await lastTransaction();
          await step(team, model, op);
          const outcome = outcomes.get(op.type) ?? { moved: 0, still: 0 };
          if ((await lastTransaction()) > before || op.type === 'deposit') outcome.moved += 1;
          else outcome.still += 1;
          outcomes.set(op.type, outcome);
          let inside = 0n;
          for (const [i, member] of team.entries()) {
            const actual = await wallets(t, member.id);
            expect(actual, `${op.type}: wallets of member ${i}`).toEqual(model.wallets[i]);
            for (const value of Object.values(actual)) expect(value).toBeGreaterThanOrEqual(0n);
            inside += Object.values(actual).reduce((sum, v) => sum + v, 0n);
          }
          const now = await systemSnapshot();
          const movedSystem = Object.fromEntries(SYSTEM_ACCOUNTS.map((code) => [code, now[code] - start[code]]));
          expect(movedSystem, op.type).toEqual(model.system);
          const held = model.pending.reduce((sum, p) => sum + p.held, 0n);
          expect(model.system['hold:withdrawals']).toBe(held);
          // Conservation: what the team holds is exactly what left the system accounts during the sequence.
          expect(inside + Object.values(model.system).reduce((sum, v) => sum + v, 0n)).toBe(0n);
          const all = await t.sql<{ total: string }>('SELECT COALESCE(SUM(amount_minor), 0)::text AS total FROM ledger_postings');
          expect(all[0]!.total).toBe('0');
          const report = await reconcileLedger(t.app.deps.db);
          expect(report.ok).toBe(true);
          // The running totals userdata reads (member_totals) equal what the ledger says, after every step.
          expect(report.totals).toEqual([]);
          const drift = await t.sql(
            'SELECT 1 FROM member_totals s FULL JOIN member_totals_from_ledger l USING (member_id, bucket) WHERE s.total_minor IS DISTINCT FROM l.total_minor AND COALESCE(s.total_minor, 0) <> COALESCE(l.total_minor, 0)',
          );
          expect(drift).toEqual([]);
        }
      }),
      // Shrinking replays sequences many times (minutes on a loaded machine): only on request (PROPERTY_SHRINK=1).
      {
        numRuns: RUNS,
        endOnFailure: process.env.PROPERTY_SHRINK !== '1',
        ...(process.env.PROPERTY_SEED ? { seed: Number(process.env.PROPERTY_SEED) } : {}),
      },
    );
    console.info(`money property: transaction kinds recorded ${JSON.stringify(Object.fromEntries([...seen].sort()))}`);
    console.info(
      `money property: operations (moved/still) ${[...outcomes]
        .sort()
        .map(([k, v]) => `${k} ${v.moved}/${v.still}`)
        .join(', ')}`,
    );
  }, 180_000);
});
