import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForOk } from '../../scripts/cluster.ts';
import { callThrough, reconcile, sleep, startCluster, type Answer, type Cluster } from './cluster-fixtures.ts';

// Two real server processes (server.ts, as `npm run cluster` starts them) on one fresh database, behind the real
// HAProxy with deploy/haproxy's template (decision 051). Members sign in, read and deposit (STK push through the
// provider simulator, whose callbacks come back through the balancer) while one node is killed with SIGKILL, and
// while both are restarted in turn with SIGTERM. The clients behave as the web app does: a money action carries an
// Idempotency-Key and is retried with the same key after a connection error, 502 or 503.
const MEMBERS = 6;
const DRAIN_GRACE_MS = 2_500;

let cluster: Cluster;
let pool: Cluster['pool'];
let balancer: Cluster['balancer'];
let nodes: Cluster['nodes'];
const output = () => cluster.output();
const call = (action: string, options: Parameters<typeof callThrough>[2]) => callThrough(cluster.balancer.url, action, options);

interface Member {
  username: string;
  phone: string;
  token: string;
}

async function signUpMembers(prefix: string): Promise<Member[]> {
  const members: Member[] = [];
  for (let index = 0; index < MEMBERS; index += 1) {
    const username = `${prefix}${index}`;
    const phone = `+2547${prefix === 'kill_' ? 1 : 2}${1_000_000 + index}`;
    const password = 'secret123';
    const signup = await call('register', {
      payload: { username, email: `${username}@example.com`, phone, password, repassword: password, country: '1' },
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(200);
    members.push({ username, phone, token: await signIn(username) });
  }
  return members;
}

async function signIn(username: string): Promise<string> {
  const login = await call('login', { payload: { username, password: 'secret123' } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return (login.body?.data as { access_token: string }).access_token;
}

interface Load {
  /** Every answered deposit: its key and the deposit the server answered. */
  deposits: { key: string; depositId: string }[];
  keysSent: number;
  /** Requests that failed for the member: no answer after the retries, or an answer other than 200. */
  failed: string[];
  /** Attempts that failed and were retried (0 means no request ever failed, even once). */
  retried: number;
  requests: number;
  stop: () => Promise<void>;
}

/** Each member in a loop: a sign-in now and then, reads, and a deposit with a key, until `stop`. */
function startLoad(members: Member[]): Load {
  let isStopping = false;
  const load: Load = { deposits: [], keysSent: 0, failed: [], retried: 0, requests: 0, stop: async () => undefined };
  const record = (what: string, answer: Answer) => {
    load.requests += 1;
    load.retried += answer.retried;
    if (answer.status !== 200) load.failed.push(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  };
  const loops = members.map(async (member, index) => {
    for (let round = 0; !isStopping; round += 1) {
      if (round % 5 === index % 5) {
        const login = await call('login', { payload: { username: member.username, password: 'secret123' } });
        record('login', login);
      }
      record('userdata', await call('userdata', { method: 'GET', token: member.token }));
      const key = randomUUID();
      load.keysSent += 1;
      const deposit = await call('stkpush', {
        token: member.token,
        key,
        payload: { phone: member.phone, amount: String(50 + (round % 5) * 10) },
      });
      record('stkpush', deposit);
      if (deposit.status === 200) load.deposits.push({ key, depositId: (deposit.body?.data as { depositId: string }).depositId });
      record('deposithistory', await call('deposithistory', { method: 'GET', token: member.token }));
    }
  });
  load.stop = async () => {
    isStopping = true;
    await Promise.all(loops);
  };
  return load;
}

/** Every answered deposit exists once; once the provider's callbacks are in, each is on the ledger exactly once. */
async function expectDepositsOnceOnTheLedger(load: Load, usernames: string[]) {
  const ids = load.deposits.map((deposit) => deposit.depositId);
  expect(new Set(ids).size).toBe(ids.length);
  const memberDeposits = `SELECT d.id, d.status, d.idempotency_key, d.ledger_transaction_id FROM deposits d
     JOIN members m ON m.id = d.member_id WHERE m.username = ANY($1)`;
  let rows: { id: string; status: number; idempotency_key: string | null; ledger_transaction_id: string | null }[] = [];
  const deadline = Date.now() + 60_000;
  do {
    rows = (await pool.query(memberDeposits, [usernames])).rows;
    if (rows.every((row) => row.status !== 0)) break;
    await sleep(500);
  } while (Date.now() < deadline);
  // At most once: one deposit per key sent, none without a key, every answered one among them.
  expect(rows.length).toBeLessThanOrEqual(load.keysSent);
  const keys = rows.map((row) => row.idempotency_key);
  expect(new Set(keys).size).toBe(rows.length);
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  for (const { key, depositId } of load.deposits) expect(byId.get(depositId)?.idempotency_key).toMatch(new RegExp(`:${key}$`));
  // Exactly once on the ledger: each credited deposit has its own ledger transaction, and no deposit transaction of
  // these members is without its deposit.
  const credited = rows.filter((row) => row.status === 2);
  expect(credited.length).toBeGreaterThanOrEqual(load.deposits.length * 0.9);
  expect(credited.every((row) => row.ledger_transaction_id !== null)).toBe(true);
  expect(new Set(credited.map((row) => String(row.ledger_transaction_id))).size).toBe(credited.length);
  const { rows: ledger } = await pool.query<{ count: string }>(
    `SELECT count(*) FROM ledger_transactions t JOIN members m ON m.id = t.member_id
     WHERE m.username = ANY($1) AND t.kind = (SELECT kind FROM ledger_transactions WHERE id = $2)`,
    [usernames, credited[0]?.ledger_transaction_id ?? '0'],
  );
  expect(Number(ledger[0]?.count)).toBe(credited.length);
}

/** Requests per second through the balancer: `concurrency` members reading their own data for `ms`. */
async function measure(members: Member[], ms: number): Promise<number> {
  const until = Date.now() + ms;
  let answered = 0;
  const failures = new Map<number, number>();
  await Promise.all(
    Array.from({ length: 16 }, async (_, index) => {
      const member = members[index % members.length]!;
      while (Date.now() < until) {
        const answer = await call('userdata', { method: 'GET', token: member.token, tries: 1 });
        if (answer.status === 200) answered += 1;
        else failures.set(answer.status, (failures.get(answer.status) ?? 0) + 1);
      }
    }),
  );
  if (failures.size > 0) console.log(`failed while measuring: ${JSON.stringify([...failures])}\n${output()}`);
  return Math.round(answered / (ms / 1000));
}

beforeAll(async () => {
  cluster = await startCluster({ env: { DRAIN_GRACE_MS: String(DRAIN_GRACE_MS), SHUTDOWN_TIMEOUT_MS: '15000' } });
  ({ pool, balancer, nodes } = cluster);
});

afterAll(async () => {
  await cluster?.close();
});

describe('two nodes behind HAProxy', () => {
  it('loses and doubles no answered deposit when a node is killed mid-load, and the ledger reconciles', async () => {
    const members = await signUpMembers('kill_');
    const load = startLoad(members);
    await sleep(3_000);
    const victim = nodes[0]!;
    expect(await victim.stop('SIGKILL')).toBe('SIGKILL');
    await sleep(4_000);
    await load.stop();
    console.log(
      `kill test: ${load.requests} requests, ${load.deposits.length} deposits answered, ${load.retried} attempts retried`,
    );
    expect(load.failed, output()).toEqual([]);
    expect(load.deposits.length).toBeGreaterThan(10);
    await expectDepositsOnceOnTheLedger(
      load,
      members.map((member) => member.username),
    );
    const check = reconcile(cluster.databaseUrl);
    expect(check.status, check.output).toBe(0);
    await victim.start();
    await waitForOk(`${balancer.url}/readyz`, 10_000);
  });

  it('fails no request while both nodes are restarted in turn with SIGTERM', async () => {
    const members = await signUpMembers('roll_');
    // Throughput with one node, then two (no assertion: the figures go in the note).
    await nodes[1]!.stop('SIGTERM');
    await sleep(2_500);
    const oneNode = await measure(members, 5_000);
    await nodes[1]!.start();
    await sleep(2_500);
    const twoNodes = await measure(members, 5_000);
    console.log(`requests per second through the balancer: one node ${oneNode}, two nodes ${twoNodes}`);

    const load = startLoad(members);
    await sleep(2_000);
    for (const node of nodes) {
      expect(await node.stop('SIGTERM'), output()).toBe(0);
      await node.start();
      // The balancer puts it back after two good checks.
      await sleep(2_500);
    }
    await load.stop();
    console.log(`rolling restart: ${load.requests} requests, ${load.retried} attempts retried`);
    expect(load.failed, output()).toEqual([]);
    expect(load.retried).toBe(0);
    await expectDepositsOnceOnTheLedger(
      load,
      members.map((member) => member.username),
    );
    expect(reconcile(cluster.databaseUrl).status).toBe(0);
  });
});
