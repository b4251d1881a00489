import { createHash } from 'node:crypto';
import fc from 'fast-check';
import {
  DEFAULT_CASINO_TABLE,
  DEFAULT_FREE_TABLE,
  expectedReturnBasisPoints,
  figureHundredths,
  pickSegment,
  verifyDraw,
  type SpinTable,
} from '@tuzo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawHmac, drawSegment, hashServerSeed } from '../src/modules/spins/spins.fairness.ts';
import { callAction, createTestApp, type TestApp } from './harness.ts';
import { createMember, ensureTestCountries, fund, type TestCountries } from './money-fixtures.ts';

/** Fixed seeds: the statistical test is reproducible, and fails only if the mapping or the tables are wrong. */
const SERVER_SEED = createHash('sha256').update('tuzo spins statistical test').digest('hex');
const DRAWS = 200_000;

function counts(table: SpinTable, clientSeed: string, weightsFor: SpinTable = table): number[] {
  const tally = table.map(() => 0);
  for (let nonce = 0; nonce < DRAWS; nonce += 1) {
    const segment = drawSegment({ serverSeed: SERVER_SEED, clientSeed, nonce, table: weightsFor });
    tally[segment] = (tally[segment] ?? 0) + 1;
  }
  return tally;
}

/**
 * Pearson's chi-square of observed counts against the published probabilities. Segments expected fewer than 5 times
 * are pooled with the least likely segment that is expected at least 5 times (the test's validity condition).
 */
function chiSquare(table: SpinTable, observed: number[]): { statistic: number; df: number } {
  const total = table.reduce((sum, s) => sum + s.weight, 0);
  const expected = table.map((s) => (s.weight / total) * DRAWS);
  const rare = expected.map((e, i) => (e < 5 ? i : -1)).filter((i) => i >= 0);
  const common = expected.map((e, i) => (e >= 5 ? i : -1)).filter((i) => i >= 0);
  const pool = common.reduce((a, b) => ((expected[a] ?? 0) <= (expected[b] ?? 0) ? a : b));
  const groups = common.map((i) => (i === pool ? [i, ...rare] : [i]));
  let statistic = 0;
  for (const group of groups) {
    const e = group.reduce((sum, i) => sum + (expected[i] ?? 0), 0);
    const o = group.reduce((sum, i) => sum + (observed[i] ?? 0), 0);
    statistic += (o - e) ** 2 / e;
  }
  return { statistic, df: groups.length - 1 };
}

/** The 99.9 % quantile of chi-square with `df` degrees of freedom (Wilson–Hilferty, within 1 % for df >= 3). */
function critical999(df: number): number {
  const z = 3.0902;
  const k = 2 / (9 * df);
  return df * (1 - k + z * Math.sqrt(k)) ** 3;
}

describe('draw statistics over 200,000 draws per wheel', () => {
  it.each([
    ['casino', DEFAULT_CASINO_TABLE],
    ['free', DEFAULT_FREE_TABLE],
  ] as const)('the %s wheel draws its published probabilities', (_kind, table) => {
    const observed = counts(table, 'statistics');
    const { statistic, df } = chiSquare(table, observed);
    expect(statistic).toBeLessThan(critical999(df));
    // Every segment can be drawn: the least likely drawn segment among those expected 10 or more times appears.
    table.forEach((segment, i) => {
      if ((segment.weight / 1_000_000) * DRAWS >= 10) expect(observed[i]).toBeGreaterThan(0);
    });
  });

  it('the casino return over the draws is near the published 92.00 %', () => {
    const observed = counts(DEFAULT_CASINO_TABLE, 'return');
    const returned =
      DEFAULT_CASINO_TABLE.reduce((sum, s, i) => sum + Number(figureHundredths(s.figure)) * (observed[i] ?? 0), 0) / DRAWS;
    expect(expectedReturnBasisPoints(DEFAULT_CASINO_TABLE)).toBe(9_200n);
    // The multiplier's standard deviation is about 2.6, so 200,000 draws give a standard error near 0.6 points.
    expect(Math.abs(returned - 92)).toBeLessThan(3);
  });

  it('the test itself rejects a wheel whose weights differ from the published ones', () => {
    const skewed: SpinTable = DEFAULT_CASINO_TABLE.map((s, i) =>
      i === 0 ? { ...s, weight: s.weight + 5_000 } : i === 5 ? { ...s, weight: s.weight - 5_000 } : s,
    );
    const { statistic, df } = chiSquare(DEFAULT_CASINO_TABLE, counts(DEFAULT_CASINO_TABLE, 'statistics', skewed));
    expect(statistic).toBeGreaterThan(critical999(df));
  });
});

describe('pickSegment', () => {
  it('always answers a segment in range, and the one whose cumulative range holds the accepted word', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 2, maxLength: 24 }),
        (bytes, weights) => {
          const segment = pickSegment(bytes, weights);
          expect(segment).toBeGreaterThanOrEqual(0);
          expect(segment).toBeLessThan(weights.length);
          const total = weights.reduce((a, b) => a + b, 0);
          const word = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0);
          if (word < 2 ** 32 - (2 ** 32 % total)) {
            const r = word % total;
            const start = weights.slice(0, segment).reduce((a, b) => a + b, 0);
            expect(r).toBeGreaterThanOrEqual(start);
            expect(r).toBeLessThan(start + (weights[segment] ?? 0));
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('skips a word in the rejected top sliver', () => {
    // Total 3: words from 2^32 - (2^32 mod 3) = 4294967295 up are rejected; the next word (5) picks 5 mod 3 = 2.
    const bytes = new Uint8Array(32);
    bytes.set([0xff, 0xff, 0xff, 0xff, 0, 0, 0, 5]);
    expect(pickSegment(bytes, [1, 1, 1])).toBe(2);
  });

  it('the browser’s Web Crypto verification gives the same draw as the server', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.stringMatching(/^[A-Za-z0-9_.-]{1,64}$/),
        fc.nat(1_000_000),
        async (seedBytes, clientSeed, nonce) => {
          const serverSeed = Buffer.from(seedBytes).toString('hex');
          const weights = DEFAULT_CASINO_TABLE.map((s) => s.weight);
          const verified = await verifyDraw({ serverSeed, clientSeed, nonce, weights });
          expect(verified.serverSeedHash).toBe(hashServerSeed(serverSeed));
          expect(verified.segment).toBe(pickSegment(drawHmac({ serverSeed, clientSeed, nonce }), weights));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('recorded draws recompute (property, through the API)', () => {
  let t: TestApp;
  let c: TestCountries;
  beforeAll(async () => {
    t = await createTestApp();
    c = await ensureTestCountries(t);
  });
  afterAll(async () => t.close());

  it('for random client seeds and spin sequences, every recorded draw is the one its revealed seed gives', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[A-Za-z0-9_.-]{1,64}$/),
        fc.array(fc.record({ acc: fc.constantFrom('1', '2'), stake: fc.integer({ min: 20, max: 60 }) }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.boolean(),
        async (clientSeed, plays, takeFreeSpin) => {
          const m = await createMember(t, { countryId: c.kes, status: 'active' });
          await fund(t, m.id, 50_000n, 'balance');
          await fund(t, m.id, 50_000n, 'deposit');
          await callAction(t.app, 'spinconsent', { method: 'POST', token: m.token, payload: { confirm: true } });
          await callAction(t.app, 'spinseed', { method: 'POST', token: m.token, payload: { client_seed: clientSeed } });
          const hash = (await callAction(t.app, 'spinstate', { token: m.token })).data.server_seed_hash as string;
          if (takeFreeSpin) expect((await callAction(t.app, 'freespin', { token: m.token })).status).toBe(200);
          for (const play of plays) {
            const res = await callAction(t.app, 'requestSpin', {
              method: 'POST',
              token: m.token,
              payload: { acc: play.acc, spin_amount: String(play.stake) },
            });
            expect(res.status).toBe(200);
          }
          const revealed = (await callAction(t.app, 'spinseed', { method: 'POST', token: m.token, payload: {} })).data.revealed;
          expect(revealed.server_seed_hash).toBe(hash);
          const history = (await callAction(t.app, 'spinhistory', { token: m.token, query: { limit: '100' } })).data;
          expect(history.total).toBe(plays.length + (takeFreeSpin ? 1 : 0));
          for (const row of history.rows) {
            expect(row.server_seed).toBe(revealed.server_seed);
            const verified = await verifyDraw({
              serverSeed: row.server_seed,
              clientSeed: row.client_seed,
              nonce: row.nonce,
              weights: row.table.map((s: { weight: number }) => s.weight),
            });
            expect(verified).toEqual({ serverSeedHash: row.server_seed_hash, segment: row.segment });
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});
