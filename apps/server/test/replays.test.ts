import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allActions } from '../src/actions/index.ts';
import { defineAction } from '../src/http/action.ts';
import { callAction, createTestApp, createTestAppOn, type EnvelopeResponse, type TestApp } from './harness.ts';
import { createMember, ensureTestCountries, fund, wallets, type TestCountries, type TestMember } from './money-fixtures.ts';

/**
 * Idempotency-Key, one layer for every action that opts in (docs/decisions/023-bad-input-and-replays.md): a repeat
 * answers the first answer (same HTTP status, same body) and does nothing again; the same key with other content is
 * 409; a repeat while the first runs waits for it (in the same process on its promise, from another process on the
 * key's row lock) and answers its answer; a failure frees the key (decision 047). Only the opted-in actions offer the
 * header in the API document.
 */

/** A test action that waits for the test to let it finish, so a request can be kept "in flight". */
let gate: Promise<void> = Promise.resolve();
let slowCalls = 0;
const slowAction = defineAction({
  name: 'slowreplay',
  summary: 'Test only: waits for the test, then answers how often it ran.',
  methods: ['POST'],
  access: 'member',
  idempotent: true,
  payload: z.object({ n: z.number().int() }),
  data: z.object({ n: z.number().int(), calls: z.number().int() }),
  handler: async ({ payload }) => {
    slowCalls += 1;
    const calls = slowCalls;
    await gate;
    return { msg: 'Done', data: { n: payload.n, calls } };
  },
});

/** Holds every run of the slow action until the returned function is called. */
function holdSlowReplays(): () => void {
  let release: () => void = () => undefined;
  gate = new Promise<void>((resolve) => (release = resolve));
  return () => release();
}

let t: TestApp;
let second: TestApp;
let c: TestCountries;
let operator: TestMember;

beforeAll(async () => {
  t = await createTestApp({}, { extraActions: [slowAction] });
  second = await createTestAppOn(t.databaseUrl, {}, { extraActions: [slowAction] });
  c = await ensureTestCountries(t);
  operator = await createMember(t, { countryId: c.kes, status: 'active', role: 'operator' });
});
afterAll(async () => {
  await second.closeWithoutReconcile();
  await t.close();
});

const post = (action: string, token: string, payload: unknown, key: string, app = t.app) =>
  callAction(app, action, { method: 'POST', token, payload, headers: { 'idempotency-key': key } });

/** The answer as the client saw it: HTTP status and the whole envelope. */
const seen = (answer: EnvelopeResponse) => ({ ...answer });

async function withdrawalOf(member: TestMember, amount: string): Promise<string> {
  const res = await callAction(t.app, 'systemwithdrawal', { method: 'POST', token: member.token, payload: { acc: '1', amount } });
  expect(res.status).toBe(200);
  const rows = await t.sql<{ id: string }>(
    'SELECT id::text AS id FROM withdrawals WHERE member_id = $1 ORDER BY id DESC LIMIT 1',
    [member.id.toString()],
  );
  return rows[0]!.id;
}

async function sponsorWithFiveToday(): Promise<TestMember> {
  const sponsor = await createMember(t, { countryId: c.kes, status: 'active' });
  for (let i = 0; i < 5; i += 1) {
    const m = await createMember(t, { countryId: c.kes, sponsor });
    await fund(t, m.id, 50_000n);
    expect((await callAction(t.app, 'activateaccount', { method: 'POST', token: m.token, payload: {} })).status).toBe(200);
  }
  return sponsor;
}

interface ReplayCase {
  action: string;
  /** Makes the world where the first request succeeds: the caller, the payload, and a payload with other content. */
  setup: () => Promise<{ token: string; payload: Record<string, unknown>; other: Record<string, unknown> }>;
  /** What a second request without the key answers (the action's own "already done"), when it has one. */
  plainRepeat?: number;
}

const CASES: ReplayCase[] = [
  {
    action: 'dailybonus',
    plainRepeat: 409,
    setup: async () => {
      const sponsor = await sponsorWithFiveToday();
      return { token: sponsor.token, payload: {}, other: { note: 'other content' } };
    },
  },
  {
    action: 'updatetrans',
    plainRepeat: 409,
    setup: async () => {
      const m = await createMember(t, { countryId: c.kes, status: 'active' });
      await fund(t, m.id, 100_000n, 'balance');
      const tid = await withdrawalOf(m, '300');
      return { token: operator.token, payload: { tid, value: '2' }, other: { tid, value: '1' } };
    },
  },
  {
    action: 'adminresolvecode',
    plainRepeat: 409,
    setup: async () => {
      const m = await createMember(t, { countryId: c.kes, status: 'active' });
      const code = `QR${String(Date.now()).slice(-8)}`;
      await callAction(t.app, 'recovercode', { method: 'POST', token: m.token, payload: { ref_code: code } });
      const queue = await callAction(t.app, 'adminreviewcodes', { token: operator.token, query: { limit: '100' } });
      const row = queue.data.rows.find((r: { ref_code: string }) => r.ref_code === code);
      expect(row).toBeDefined();
      return {
        token: operator.token,
        payload: { id: row.id, approve: true, amount: '150', note: 'Seen on the statement' },
        other: { id: row.id, approve: true, amount: '151' },
      };
    },
  },
  {
    action: 'adminadjust',
    setup: async () => {
      const m = await createMember(t, { countryId: c.kes, status: 'active' });
      const payload = { username: m.username, wallet: 'ads', amount: '5.00', reason: 'Ticket 91' };
      return { token: operator.token, payload, other: { ...payload, amount: '6.00' } };
    },
  },
  {
    action: 'admindeposit',
    setup: async () => {
      const m = await createMember(t, { countryId: c.kes, status: 'active' });
      const payload = { username: m.username, amount: '20', reference: `REPLAY-${m.id}`, reason: 'paid at the office' };
      return { token: operator.token, payload, other: { ...payload, amount: '21' } };
    },
  },
  {
    action: 'adminbulkdecide',
    setup: async () => {
      const m = await createMember(t, { countryId: c.kes, status: 'active' });
      await fund(t, m.id, 100_000n, 'balance');
      const tid = await withdrawalOf(m, '250');
      return { token: operator.token, payload: { ids: [tid], value: '2' }, other: { ids: [tid], value: '1' } };
    },
  },
  {
    action: 'adminactivate',
    plainRepeat: 409,
    setup: async () => {
      const m = await createMember(t, { countryId: c.kes });
      const other = await createMember(t, { countryId: c.kes });
      return { token: operator.token, payload: { username: m.username }, other: { username: other.username } };
    },
  },
  {
    action: 'adminchangeupline',
    setup: async () => {
      const [a, b, other] = [
        await createMember(t, { countryId: c.kes, status: 'active' }),
        await createMember(t, { countryId: c.kes, status: 'active' }),
        await createMember(t, { countryId: c.kes, status: 'active' }),
      ];
      const m = await createMember(t, { countryId: c.kes, sponsor: a });
      const payload = { username: m.username, upline: b.username, reason: 'Signed up under the wrong link' };
      return { token: operator.token, payload, other: { ...payload, upline: other.username } };
    },
  },
  {
    action: 'activateaccount',
    plainRepeat: 409,
    setup: async () => {
      const m = await createMember(t, { countryId: c.kes });
      await fund(t, m.id, 50_000n);
      return { token: m.token, payload: {}, other: { note: 'other content' } };
    },
  },
  {
    action: 'systemwithdrawal',
    setup: async () => {
      const m = await createMember(t, { countryId: c.kes, status: 'active' });
      await fund(t, m.id, 100_000n, 'balance');
      return { token: m.token, payload: { acc: '1', amount: '300' }, other: { acc: '1', amount: '301' } };
    },
  },
  {
    action: 'payforclient',
    setup: async () => {
      const m = await createMember(t, { countryId: c.kes, status: 'active' });
      const client = await createMember(t, { countryId: c.kes, sponsor: m });
      await fund(t, m.id, 100_000n, 'deposit');
      const payload = { acc: '2', reusername: client.username, amount: '10' };
      return { token: m.token, payload, other: { ...payload, amount: '11' } };
    },
  },
  {
    action: 'requestSpin',
    setup: async () => {
      const m = await createMember(t, { countryId: c.kes, status: 'active' });
      await fund(t, m.id, 10_000n, 'balance');
      await callAction(t.app, 'spinconsent', { method: 'POST', token: m.token, payload: { confirm: true } });
      return { token: m.token, payload: { acc: '1', spin_amount: '25' }, other: { acc: '1', spin_amount: '26' } };
    },
  },
];

describe('a replay answers the first answer; other content with the same key is 409', () => {
  it('covers the money actions that answered 409 to a replay before', () => {
    expect(CASES.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['dailybonus', 'updatetrans', 'adminresolvecode', 'adminadjust', 'admindeposit']),
    );
    for (const entry of CASES)
      expect(allActions.find((action) => action.name === entry.action)?.idempotent, entry.action).toBe(true);
  });

  for (const entry of CASES) {
    it(entry.action, async () => {
      const { token, payload, other } = await entry.setup();
      const key = `replay-${entry.action}-0001`;
      const first = await post(entry.action, token, payload, key);
      expect(first.status, `${entry.action}: ${first.msg}`).toBe(200);
      const ledgerBefore = await t.sql('SELECT count(*)::int AS n FROM ledger_transactions');
      const again = await post(entry.action, token, payload, key);
      expect(seen(again)).toEqual(seen(first));
      // The same content in another key order is the same request.
      const reordered = Object.fromEntries(Object.entries(payload).reverse());
      expect(seen(await post(entry.action, token, reordered, key))).toEqual(seen(first));
      expect(await post(entry.action, token, other, key)).toMatchObject({
        httpStatus: 409,
        code: 'CONFLICT',
        msg: expect.stringContaining('different request'),
      });
      expect(await t.sql('SELECT count(*)::int AS n FROM ledger_transactions')).toEqual(ledgerBefore);
      if (entry.plainRepeat !== undefined) {
        // Without the key, a repeat is a new request and gets the action's own refusal.
        expect((await callAction(t.app, entry.action, { method: 'POST', token, payload })).status).toBe(entry.plainRepeat);
      }
    });
  }

  it("the key is the caller's: another operator with the same key makes a new request", async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    const other = await createMember(t, { countryId: c.kes, status: 'active', role: 'operator' });
    const payload = { username: m.username, wallet: 'tiktok', amount: '1.00', reason: 'Ticket 5' };
    expect((await post('adminadjust', operator.token, payload, 'shared-key-0001')).status).toBe(200);
    expect((await post('adminadjust', other.token, payload, 'shared-key-0001')).status).toBe(200);
    expect((await wallets(t, m.id)).tiktok).toBe(200n);
  });
});

describe('concurrent repeats', () => {
  it('20 concurrent identical adjustments in one process: one movement, 20 equal answers', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    const payload = { username: m.username, wallet: 'youtube', amount: '7.25', reason: 'Concurrent ticket' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('adminadjust', operator.token, payload, 'concurrent-0001')),
    );
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]!.status).toBe(200);
    expect((await wallets(t, m.id)).youtube).toBe(725n);
  });

  it('a repeat while the first is in flight waits for it, in the same process and in another, then answers its answer', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    const release = holdSlowReplays();
    const callsBefore = slowCalls;
    const first = post('slowreplay', m.token, { n: 1 }, 'in-flight-0001');
    const sameProcess = post('slowreplay', m.token, { n: 1 }, 'in-flight-0001');
    // Wait until the first runs: it has claimed the key in its transaction (uncommitted, so no other session sees it).
    for (let i = 0; i < 2000 && slowCalls === callsBefore; i += 1) await new Promise((r) => setTimeout(r, 5));
    expect(slowCalls).toBe(callsBefore + 1);
    expect(await t.sql("SELECT 1 FROM api_idempotency WHERE key = 'in-flight-0001'")).toEqual([]);
    // Another process waits on the key's row lock: no 409 "still being processed", and it runs nothing itself.
    let otherSettled = false;
    const otherProcess = post('slowreplay', m.token, { n: 1 }, 'in-flight-0001', second.app).finally(() => {
      otherSettled = true;
    });
    const different = await post('slowreplay', m.token, { n: 2 }, 'in-flight-0001');
    expect(different).toMatchObject({ httpStatus: 409, code: 'CONFLICT' });
    await new Promise((r) => setTimeout(r, 200));
    expect(otherSettled).toBe(false);
    release();
    const [a, b, c2] = await Promise.all([first, sameProcess, otherProcess]);
    expect(a).toMatchObject({ httpStatus: 200, data: { n: 1, calls: callsBefore + 1 } });
    expect(b).toEqual(a);
    expect(c2).toEqual(a);
    // Once finished, every process replays the stored answer.
    expect(await post('slowreplay', m.token, { n: 1 }, 'in-flight-0001', second.app)).toEqual(a);
    expect(slowCalls).toBe(callsBefore + 1);
  });

  it('another process sending other content with a key in flight waits, then gets 409', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    const release = holdSlowReplays();
    const callsBefore = slowCalls;
    const first = post('slowreplay', m.token, { n: 5 }, 'in-flight-0002');
    for (let i = 0; i < 2000 && slowCalls === callsBefore; i += 1) await new Promise((r) => setTimeout(r, 5));
    const other = post('slowreplay', m.token, { n: 6 }, 'in-flight-0002', second.app);
    release();
    expect((await first).httpStatus).toBe(200);
    expect(await other).toMatchObject({ httpStatus: 409, code: 'CONFLICT', msg: expect.stringContaining('different request') });
    expect(slowCalls).toBe(callsBefore + 1);
  });
});

describe('inside the request transaction (decision 047)', () => {
  it('a bulk decision whose items fail on their own commits the others once, with the answer', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    await fund(t, m.id, 100_000n, 'balance');
    const good = await withdrawalOf(m, '200');
    const declined = await withdrawalOf(m, '210');
    expect(
      (await callAction(t.app, 'updatetrans', { method: 'POST', token: operator.token, payload: { tid: declined, value: '1' } }))
        .status,
    ).toBe(200);
    const payload = { ids: [good, declined, '999999999'], value: '1' };
    const first = await post('adminbulkdecide', operator.token, payload, 'bulk-in-tx-0001');
    expect(first).toMatchObject({ httpStatus: 200, data: { done: 1, failed: 2 } });
    const stored = await t.sql<{ state: string }>("SELECT state FROM api_idempotency WHERE key = 'bulk-in-tx-0001'");
    expect(stored).toEqual([{ state: 'done' }]);
    expect(await post('adminbulkdecide', operator.token, payload, 'bulk-in-tx-0001')).toEqual(first);
    const refunds = await t.sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = ANY($1::text[])',
      [[`withdrawal-settle:${good}`, `withdrawal-settle:${declined}`]],
    );
    expect(refunds).toEqual([{ n: 2 }]);
  });

  it('a request that fails rolls back with its claim: the key is free at once', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    const payload = { username: m.username, wallet: 'ads', amount: '-5.00', reason: 'More than the wallet holds' };
    expect((await post('adminadjust', operator.token, payload, 'fails-in-tx-0001')).httpStatus).toBe(422);
    expect(await t.sql("SELECT 1 FROM api_idempotency WHERE key = 'fails-in-tx-0001'")).toEqual([]);
    await fund(t, m.id, 1_000n, 'ads');
    expect(await post('adminadjust', operator.token, payload, 'fails-in-tx-0001')).toMatchObject({ httpStatus: 200 });
    expect((await wallets(t, m.id)).ads).toBe(500n);
  });
});

describe('a failed request frees its key', () => {
  it('a withdrawal refused for lack of money succeeds with the same key once the money is there', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    const payload = { acc: '1', amount: '300' };
    expect(await post('systemwithdrawal', m.token, payload, 'retry-key-0001')).toMatchObject({ httpStatus: 422 });
    await fund(t, m.id, 100_000n, 'balance');
    const ok = await post('systemwithdrawal', m.token, payload, 'retry-key-0001');
    expect(ok.status).toBe(200);
    expect(await post('systemwithdrawal', m.token, payload, 'retry-key-0001')).toEqual(ok);
  });

  it('a malformed key is 400 where the key is honoured, and ignored where it is not offered', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    expect(await post('systemwithdrawal', m.token, { acc: '1', amount: '300' }, 'short')).toMatchObject({
      httpStatus: 400,
      code: 'BAD_REQUEST',
    });
    expect((await callAction(t.app, 'userdata', { token: m.token, headers: { 'idempotency-key': 'short' } })).status).toBe(200);
  });
});

describe('the API document offers the key only where it is honoured', () => {
  it('lists Idempotency-Key on exactly the opted-in actions', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { 'x-action'?: string; parameters?: { name: string; in: string }[] }>>;
    };
    const offering = new Set<string>();
    for (const methods of Object.values(document.paths)) {
      for (const operation of Object.values(methods)) {
        if (operation.parameters?.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key'))
          offering.add(operation['x-action'] ?? '?');
      }
    }
    const optedIn = new Set([...allActions.filter((action) => action.idempotent).map((action) => action.name), 'slowreplay']);
    expect(offering).toEqual(optedIn);
    expect([...optedIn]).toEqual(
      expect.arrayContaining([
        'updatetrans',
        'adminresolvecode',
        'dailybonus',
        'adminadjust',
        'admindeposit',
        'systemwithdrawal',
      ]),
    );
    expect(allActions.filter((action) => action.idempotent && action.access === 'public')).toEqual([]);
  });
});
