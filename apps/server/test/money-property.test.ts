import fc from 'fast-check';
import { formatMinor, tariffFeeMinor } from '@tuzo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLETS, type WalletName } from '../src/ledger/accounts.ts';
import { reconcileLedger } from '../src/ledger/reconcile.ts';
import { callAction, createTestApp, type TestApp } from './harness.ts';
import { createMember, ensureTestCountries, fund, systemBalance, wallets, type TestCountries, type TestMember } from './money-fixtures.ts';

/**
 * Random sequences of money operations on a 3-level team (s <- a <- b <- x) against a plain model of the rules.
 * After every step: every wallet equals the model exactly, none is negative, the ledger reconciles, and the
 * system accounts moved exactly as the model says (money is conserved: inside = deposits - payouts - fees +
 * commissions).
 */
let t: TestApp;
let c: TestCountries;
let operator: TestMember;

const FEE = 50_000n;
const COMMISSIONS = [25_000n, 15_000n, 5_000n];
const MIN_WITHDRAWAL = 20_000n;
const TARIFF = [
  { minMinor: 20_000n, maxMinor: 99_900n, tariffMinor: 3_000n },
  { minMinor: 100_000n, maxMinor: 499_900n, tariffMinor: 5_000n },
  { minMinor: 500_000n, maxMinor: 1_999_900n, tariffMinor: 10_000n },
  { minMinor: 2_000_000n, maxMinor: 7_000_000n, tariffMinor: 20_000n },
];

beforeAll(async () => {
  t = await createTestApp();
  c = await ensureTestCountries(t);
  operator = await createMember(t, { countryId: c.kes, status: 'active', role: 'operator' });
});
afterAll(async () => t.close());

type Op =
  | { type: 'deposit'; who: number; amount: number; wallet: 'deposit' | 'balance' }
  | { type: 'activate'; who: number }
  | { type: 'withdraw'; who: number; amount: number }
  | { type: 'decide'; pick: number; approve: boolean }
  | { type: 'transfer'; payer: number; client: number; acc: '1' | '2'; amount: number };

const who = fc.integer({ min: 0, max: 3 });
const cents = fc.integer({ min: 1, max: 60_000 });
// Weighted so that sequences reach the interesting states (activated members with money, pending withdrawals).
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ type: fc.constant('deposit' as const), who, amount: fc.integer({ min: 1, max: 120_000 }), wallet: fc.constantFrom('deposit' as const, 'balance' as const) }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('activate' as const), who }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('withdraw' as const), who, amount: cents }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('decide' as const), pick: fc.nat(), approve: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('transfer' as const), payer: who, client: who, acc: fc.constantFrom('1' as const, '2' as const), amount: fc.integer({ min: 1, max: 60_000 }) }) },
);

interface Model {
  wallets: Record<WalletName, bigint>[];
  active: boolean[];
  pending: { id: string; who: number; amount: bigint; fee: bigint }[];
  deposited: bigint;
  paidOut: bigint;
  feesKept: bigint;
  commissions: bigint;
}

const SYSTEM = ['provider:manual', 'provider:payouts', 'house:fees', 'house:commissions', 'hold:withdrawals'] as const;

async function systemSnapshot(): Promise<Record<(typeof SYSTEM)[number], bigint>> {
  const entries = await Promise.all(SYSTEM.map(async (code) => [code, await systemBalance(t, code)] as const));
  return Object.fromEntries(entries) as Record<(typeof SYSTEM)[number], bigint>;
}

async function step(team: TestMember[], model: Model, op: Op): Promise<void> {
  const post = (token: string, action: string, payload: unknown) => callAction(t.app, action, { method: 'POST', token, payload });
  switch (op.type) {
    case 'deposit': {
      await fund(t, team[op.who]!.id, BigInt(op.amount), op.wallet);
      model.wallets[op.who]![op.wallet] += BigInt(op.amount);
      model.deposited += BigInt(op.amount);
      return;
    }
    case 'activate': {
      const res = await post(team[op.who]!.token, 'activateaccount', {});
      const w = model.wallets[op.who]!;
      if (model.active[op.who]) return void expect(res.status).toBe(409);
      if (w.deposit < FEE) return void expect(res.status).toBe(422);
      expect(res.status).toBe(200);
      w.deposit -= FEE;
      model.feesKept += FEE;
      model.active[op.who] = true;
      // Uplines of team[i] are team[i-1], team[i-2], team[i-3].
      for (let level = 1; level <= 3; level += 1) {
        const upline = op.who - level;
        if (upline < 0) break;
        model.wallets[upline]!.balance += COMMISSIONS[level - 1]!;
        model.commissions += COMMISSIONS[level - 1]!;
      }
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
      model.pending.push({ id: res.data.id, who: op.who, amount, fee });
      return;
    }
    case 'decide': {
      if (model.pending.length === 0) return;
      const [chosen] = model.pending.splice(op.pick % model.pending.length, 1);
      const res = await post(operator.token, 'updatetrans', { tid: chosen!.id, value: op.approve ? 2 : 1 });
      expect(res.status).toBe(200);
      if (op.approve) {
        model.paidOut += chosen!.amount;
        model.feesKept += chosen!.fee;
      } else {
        model.wallets[chosen!.who]!.balance += chosen!.amount + chosen!.fee;
      }
      return;
    }
    case 'transfer': {
      const res = await post(team[op.payer]!.token, 'payforclient', { acc: op.acc, reusername: team[op.client]!.username, amount: formatMinor(BigInt(op.amount)) });
      const amount = BigInt(op.amount);
      const wallet = op.acc === '1' ? 'balance' : 'deposit';
      const inTeam = op.client > op.payer && op.client - op.payer <= 3;
      if (!model.active[op.payer]) return void expect(res.status).toBe(403);
      if (!inTeam) return void expect(res.status).toBe(404);
      if (model.active[op.client]) return void expect(res.status).toBe(409);
      if (model.wallets[op.payer]![wallet] < amount) return void expect(res.status).toBe(422);
      expect(res.status).toBe(200);
      model.wallets[op.payer]![wallet] -= amount;
      model.wallets[op.client]!.deposit += amount;
      return;
    }
    default: {
      const never: never = op;
      throw new Error(`unknown op ${JSON.stringify(never)}`);
    }
  }
}

describe('money properties', () => {
  it('keeps wallets exact, non-negative, reconciled and conserved over random operation sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 15, maxLength: 40 }), async (ops) => {
        const s = await createMember(t, { countryId: c.kes, status: 'active', prefix: 'ps' });
        const a = await createMember(t, { countryId: c.kes, sponsor: s, prefix: 'pa' });
        const b = await createMember(t, { countryId: c.kes, sponsor: a, prefix: 'pb' });
        const x = await createMember(t, { countryId: c.kes, sponsor: b, prefix: 'px' });
        const team = [s, a, b, x];
        const zero = () => Object.fromEntries(WALLETS.map((w) => [w, 0n])) as Record<WalletName, bigint>;
        const model: Model = { wallets: team.map(zero), active: [true, false, false, false], pending: [], deposited: 0n, paidOut: 0n, feesKept: 0n, commissions: 0n };
        const start = await systemSnapshot();
        // Seed money so that sequences reach the interesting states quickly: each member can activate and withdraw.
        for (const [i, member] of team.entries()) {
          await step(team, model, { type: 'deposit', who: i, amount: 60_000, wallet: 'deposit' });
          await step(team, model, { type: 'deposit', who: i, amount: 40_000 + i * 10_000, wallet: 'balance' });
          void member;
        }
        for (const op of ops) {
          await step(team, model, op);
          let inside = 0n;
          for (const [i, member] of team.entries()) {
            const actual = await wallets(t, member.id);
            expect(actual).toEqual(model.wallets[i]);
            for (const value of Object.values(actual)) expect(value).toBeGreaterThanOrEqual(0n);
            inside += Object.values(actual).reduce((sum, v) => sum + v, 0n);
          }
          const now = await systemSnapshot();
          const held = model.pending.reduce((sum, p) => sum + p.amount + p.fee, 0n);
          expect(now['hold:withdrawals'] - start['hold:withdrawals']).toBe(held);
          expect(start['provider:manual'] - now['provider:manual']).toBe(model.deposited);
          expect(now['provider:payouts'] - start['provider:payouts']).toBe(model.paidOut);
          expect(now['house:fees'] - start['house:fees']).toBe(model.feesKept);
          expect(start['house:commissions'] - now['house:commissions']).toBe(model.commissions);
          // Conservation: what members hold plus what is held for them = in - out - fees + commissions.
          expect(inside + held).toBe(model.deposited - model.paidOut - model.feesKept + model.commissions);
          const report = await reconcileLedger(t.app.deps.db);
          expect(report.ok).toBe(true);
          // The running totals userdata reads (member_totals) equal what the ledger says, after every step.
          expect(report.totals).toEqual([]);
          const drift = await t.sql('SELECT 1 FROM member_totals s FULL JOIN member_totals_from_ledger l USING (member_id, bucket) WHERE s.total_minor IS DISTINCT FROM l.total_minor AND COALESCE(s.total_minor, 0) <> COALESCE(l.total_minor, 0)');
          expect(drift).toEqual([]);
        }
      }),
      { numRuns: 25 },
    );
  });
});
