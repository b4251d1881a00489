import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOk, registerOk } from './auth-helpers.ts';
import { consoleCaller } from './countries-app.ts';
import { sleep, waitFor } from './deposits-fixtures.ts';
import { callAction, createTestApp, type TestApp } from './harness.ts';
import { createMember, ensureTestCountries, fund, type TestCountries, type TestMember } from './money-fixtures.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

/**
 * The quiet poll from the change feed (decision 064), with two processes on one database: node A is the test's app
 * (no feed: it only writes), node B a server process of its own (change-feed-node.ts) with the feed on, polled over
 * HTTP. What B shows after a write through A is waited for with a real-time deadline of one second: that is the
 * feed's promise. Every answer of B says how many connections the request took from B's pool (x-pool-checkouts).
 */
let t: TestApp;
let c: TestCountries;
let operator: TestMember;
let node: ServerProcess;

async function poll(token: string) {
  const response = await fetch(`${node.url}/api?action=userdata`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { data?: { balances: unknown; userdetails: { uname: string } } };
  return {
    status: response.status,
    checkouts: Number(response.headers.get('x-pool-checkouts')),
    isLive: response.headers.get('x-feed-live') === 'true',
    epoch: Number(response.headers.get('x-feed-epoch')),
    reads: Number(response.headers.get('x-feed-reads')),
    data: body.data,
  };
}

/** Polls B until `seen` holds; fails when it took more than the feed's bound (one second of real time). */
async function seenWithin(token: string, seen: (answer: Awaited<ReturnType<typeof poll>>) => boolean, ms = 1000) {
  const started = performance.now();
  for (;;) {
    const answer = await poll(token);
    if (seen(answer)) return { answer, ms: performance.now() - started };
    if (performance.now() - started > ms) throw new Error(`not seen within ${ms} ms: ${JSON.stringify(answer)}`);
    await sleep(10);
  }
}

/**
 * Polls until B answers the member from its caches (no connection taken) after its feed has read past what was
 * written before the call: a read sent before a write committed may come back after B kept an answer that already
 * shows it, and the member's next poll then rightly reads PostgreSQL again (two reads on, one was sent after).
 */
async function quiet(token: string) {
  const first = await poll(token);
  return waitFor(async () => {
    const answer = await poll(token);
    return answer.checkouts === 0 && answer.reads >= first.reads + 2 ? answer : null;
  }, 10_000);
}

const listenerPids = async () =>
  (
    await t.sql<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'tuzo-change-feed'`,
    )
  ).map((row) => row.pid);

beforeAll(async () => {
  t = await createTestApp();
  c = await ensureTestCountries(t);
  operator = await createMember(t, { countryId: c.kes, status: 'active', role: 'operator' });
  node = await startServerProcess(t, 'apps/server/test/change-feed-node.ts');
}, 90_000);

afterAll(async () => {
  await node?.killHard();
  await t?.close();
});

describe('the quiet poll, two processes on one database', () => {
  it('answers a quiet poll with no statement, and shows a money movement made through A within a second', async () => {
    const member = await createMember(t, { countryId: c.kes, status: 'active' });
    await fund(t, member.id, 10_000n, 'balance');
    const before = await quiet(member.token);
    // Every poll the feed served live, in the epoch the quiet poll was served in, takes no connection (a loaded
    // machine may delay a read past the 1 s bound, or stall the feed 5 s and make it forget everything: such a poll
    // reads PostgreSQL, with the same answer).
    for (let i = 0; i < 5; i += 1) {
      const again = await poll(member.token);
      expect(again.data).toEqual(before?.data);
      if (again.isLive && again.epoch === before?.epoch) expect(again.checkouts).toBe(0);
    }
    await fund(t, member.id, 2_500n, 'balance');
    const { answer } = await seenWithin(
      member.token,
      (a) => JSON.stringify(a.data?.balances) !== JSON.stringify(before?.data?.balances),
    );
    expect(answer.data).toEqual((await callAction(t.app, 'userdata', { token: member.token })).data);
    await quiet(member.token);
  });

  it('refuses a session revoked through A (sign-out) and a suspended member within a second', async () => {
    const member = await createMember(t, { countryId: c.kes, status: 'active' });
    await quiet(member.token);
    expect((await callAction(t.app, 'logout', { token: member.token, payload: {} })).status).toBe(200);
    await seenWithin(member.token, (a) => a.status === 401);

    const suspended = await createMember(t, { countryId: c.kes, status: 'active' });
    await quiet(suspended.token);
    const admin = consoleCaller(t, operator);
    expect((await admin('adminsuspend', { username: suspended.username, reason: 'feed test' })).status).toBe(200);
    await seenWithin(suspended.token, (a) => a.status === 401);
  });

  it("ends the member's other sessions on B within a second of a password change through A", async () => {
    await registerOk(t, { username: 'feed_pw' });
    const token = await loginOk(t, 'feed_pw');
    const other = await loginOk(t, 'feed_pw');
    await quiet(other);
    const changed = await callAction(t.app, 'updatepassword', {
      token,
      payload: { curpassword: 'secret123', newpassword: 'newpass1', repassword: 'newpass1' },
    });
    expect(changed.status).toBe(200);
    await seenWithin(other, (a) => a.status === 401);
  });

  it('reads PostgreSQL at once when its LISTEN connection drops, and answers from its caches after listening again', async () => {
    const member = await createMember(t, { countryId: c.kes, status: 'active' });
    await fund(t, member.id, 1_000n, 'balance');
    await quiet(member.token);
    const before = await poll(member.token);
    const [pid] = await listenerPids();
    expect(pid).toBeDefined();
    await t.sql('SELECT pg_terminate_backend($1)', [pid]);
    await waitFor(async () => !(await listenerPids()).includes(pid!), 5_000);
    await fund(t, member.id, 700n, 'balance');
    // The first poll after the drop already shows the change: B no longer answers from what it kept.
    const after = await poll(member.token);
    expect(after.checkouts).toBeGreaterThan(0);
    expect(after.data?.balances).not.toEqual(before.data?.balances);
    expect(after.data).toEqual((await callAction(t.app, 'userdata', { token: member.token })).data);
    await quiet(member.token);
    const [relistened] = await listenerPids();
    expect(relistened).toBeDefined();
    expect(relistened).not.toBe(pid);
  });
});
