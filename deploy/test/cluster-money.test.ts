import { randomUUID } from 'node:crypto';
import { serverSettings } from '@tuzo/provider-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeSetting } from '../../apps/server/src/modules/settings/settings.service.ts';
import { createTestAppOn } from '../../apps/server/test/harness.ts';
import { createMember, ensureTestCountries, fund, type TestMember } from '../../apps/server/test/money-fixtures.ts';
import { callThrough, reconcile, sleep, startCluster, until, type Answer, type Cluster } from './cluster-fixtures.ts';

// Money through two nodes behind HAProxy while one is killed with SIGKILL as it holds a job's lease (issue 25): members
// withdraw, an operator approves, M-Pesa B2C (the simulator) takes and pays each payout but keeps its Result back, so
// the payout sweep job settles every payout from M-Pesa's status query (settled_by 'query', decision 032) after
// `payouts.result_timeout_seconds` (30 s); each settlement queues an SMS that the sms-sender job sends. A short lease (JOB_LEASE_MS) makes the takeover take seconds; decision 052 has the figures.
const LEASE_MS = 3_000;
const MEMBERS = 8;

let cluster: Cluster;
let operator: TestMember;
const members: TestMember[] = [];
const call = (action: string, options: Parameters<typeof callThrough>[2]) => callThrough(cluster.balancer.url, action, options);

beforeAll(async () => {
  cluster = await startCluster({
    env: { JOB_LEASE_MS: String(LEASE_MS), SMS_SEND_EVERY_MS: '500' },
    sim: { b2c: { holdResults: true } },
  });
  // Members, funds and the operator are made with the server tests' fixtures by an app on the same database (the
  // same key), closed before the load: it stands for an operator's set-up, not a third node.
  const setup = await createTestAppOn(cluster.databaseUrl, {
    TUZO_SECRET_KEY: cluster.secretKey,
    ...serverSettings(cluster.sim),
  });
  const countries = await ensureTestCountries(setup);
  const at = setup.app.deps.clock.now();
  await storeSetting(setup.app.deps.db, { key: 'payouts.providers', value: { ZK: 'mpesa_b2c' }, at });
  await storeSetting(setup.app.deps.db, { key: 'payouts.result_timeout_seconds', value: 30, at });
  operator = await createMember(setup, { countryId: countries.kes, status: 'active', role: 'operator' });
  for (let index = 0; index < MEMBERS; index += 1) {
    const member = await createMember(setup, { countryId: countries.kes, status: 'active', prefix: 'cash' });
    // A Kenyan mobile number the simulator pays (its 2547000000NN numbers choose failures).
    await setup.sql('UPDATE members SET phone = $2 WHERE id = $1', [member.id.toString(), `+2547${21_000_000 + index}`]);
    await fund(setup, member.id, 1_000_000n, 'balance');
    members.push(member);
  }
  await setup.closeWithoutReconcile();
});

afterAll(async () => {
  await cluster?.close();
});

interface Load {
  /** Answered withdrawals (the id the server gave) and whether their approval was answered. */
  withdrawals: { member: TestMember; id: string }[];
  approved: string[];
  failed: string[];
  requests: number;
  retried: number;
  stop: () => Promise<void>;
}

/** Each member: reads in a loop; after a staggered start one withdrawal with a key, approved by the operator. */
function startLoad(): Load {
  let isStopping = false;
  const load: Load = { withdrawals: [], approved: [], failed: [], requests: 0, retried: 0, stop: async () => undefined };
  const record = (what: string, answer: Answer) => {
    load.requests += 1;
    load.retried += answer.retried;
    if (answer.status !== 200 || answer.body?.resultcode === false)
      load.failed.push(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.status === 200 && answer.body?.resultcode !== false;
  };
  const loops = members.map(async (member, index) => {
    await sleep(index * 500);
    const payload = { acc: '1', amount: '500' };
    const asked = await call('systemwithdrawal', { token: member.token, key: randomUUID(), payload });
    if (record('systemwithdrawal', asked)) {
      const id = (asked.body?.data as { id: string }).id;
      load.withdrawals.push({ member, id });
      const approval = await call('updatetrans', { token: operator.token, key: randomUUID(), payload: { tid: id, value: 2 } });
      if (record('updatetrans', approval)) load.approved.push(id);
    }
    while (!isStopping) {
      record('userdata', await call('userdata', { method: 'GET', token: member.token }));
      record('withdrawalhistory', await call('withdrawalhistory', { method: 'GET', token: member.token }));
    }
  });
  load.stop = async () => {
    isStopping = true;
    await Promise.all(loops);
  };
  return load;
}

interface JobRow {
  name: string;
  state: string;
  holder: string | null;
  takeovers: string;
}
const pidOf = (holder: string | null) => Number(holder?.split(':')[1]);
const jobRows = async () => (await cluster.pool.query<JobRow>('SELECT name, state, holder, takeovers FROM jobs')).rows;

/** Waits until a node holds a running job's lease; answers that node's index and the jobs it holds. */
async function nodeHoldingALease(): Promise<{ index: number; jobs: string[] }> {
  return until(
    'a node holds a running job',
    async () => {
      const running = (await jobRows()).filter((row) => row.state === 'running');
      const index = cluster.nodes.findIndex((node) => running.some((row) => pidOf(row.holder) === node.child.pid));
      if (index < 0) return null;
      const pid = cluster.nodes[index]!.child.pid;
      return { index, jobs: running.filter((row) => pidOf(row.holder) === pid).map((row) => row.name) };
    },
    30_000,
  );
}

/**
 * Kills with SIGKILL a node as it holds a running job's lease. A run may end between the look and the kill: the jobs
 * still `running` under the dead node's name are the ones it held; when there are none it is started again and the
 * kill tried again.
 */
async function killWhileHoldingALease(): Promise<{ held: { index: number; jobs: string[] }; killedAt: number }> {
  for (let attempt = 1; ; attempt += 1) {
    const seen = await nodeHoldingALease();
    const victim = cluster.nodes[seen.index]!;
    const pid = victim.child.pid;
    expect(await victim.stop('SIGKILL')).toBe('SIGKILL');
    const killedAt = Date.now();
    const jobs = (await jobRows()).filter((row) => row.state === 'running' && pidOf(row.holder) === pid);
    if (jobs.length > 0) return { held: { index: seen.index, jobs: jobs.map((row) => row.name) }, killedAt };
    // A sweep's run lasts a moment: on a busy machine five looks in a row can all land just after one ended
    // (seen in CI on 2026-11-29), so look up to twelve times.
    if (attempt === 12) throw new Error('The killed node never held a running job');
    await victim.start();
  }
}

interface PayoutView {
  id: string;
  withdrawal_id: string;
  state: string;
  reference: string;
  settled_by: string | null;
  settlements: string;
}

async function payoutsOf(withdrawalIds: string[]): Promise<PayoutView[]> {
  const { rows } = await cluster.pool.query<PayoutView>(
    `SELECT p.id::text, p.withdrawal_id::text, p.state, p.reference, p.settled_by,
       (SELECT count(*) FROM ledger_transactions t WHERE t.idempotency_key = 'payout-settle:' || p.id)::text AS settlements
     FROM payouts p WHERE p.withdrawal_id = ANY($1::bigint[]) ORDER BY p.id`,
    [withdrawalIds],
  );
  return rows;
}

/** Each payout: one per withdrawal, paid, settled once on the ledger, and asked of the simulator exactly once. */
function expectEachPayoutPaidOnce(payouts: PayoutView[], withdrawalIds: string[]) {
  expect(payouts.map((payout) => payout.withdrawal_id).sort()).toEqual([...withdrawalIds].sort());
  const b2c = cluster.sim.mpesa.b2c;
  for (const payout of payouts) {
    expect(payout).toMatchObject({ state: 'paid', settled_by: 'query', settlements: '1' });
    expect(b2c.requestsById.get(payout.reference)).toBe(1);
    expect(b2c.payouts.get(payout.reference)?.state).toBe('paid');
  }
  expect(b2c.payouts.size).toBe(payouts.length);
  expect([...b2c.requestsById.values()].reduce((sum, count) => sum + count, 0)).toBe(payouts.length);
}

/** Each withdrawal_paid SMS: sent (or delivered) once, and the simulator received its text once. */
async function expectEachSmsSentOnce(memberIds: string[]): Promise<number> {
  const { rows } = await cluster.pool.query<{ phone: string; text: string; state: string }>(
    "SELECT phone, text, state FROM sms_outbox WHERE kind = 'withdrawal_paid' AND member_id = ANY($1::bigint[])",
    [memberIds],
  );
  expect(rows).toHaveLength(memberIds.length);
  const received = [...cluster.sim.africasTalking.messages.values()];
  for (const row of rows) {
    expect(['sent', 'delivered']).toContain(row.state);
    const copies = received.filter((sms) => sms.text === row.text && sms.to.replace(/^\+/, '') === row.phone.replace(/^\+/, ''));
    expect(copies).toHaveLength(1);
  }
  return rows.length;
}

describe('money through two nodes while one is killed holding a job lease', () => {
  it('pays each payout once and sends each SMS once, the survivor takes the jobs over, and the ledger reconciles', async () => {
    const load = startLoad();
    await sleep(1_500);
    const { held, killedAt } = await killWhileHoldingALease();
    const victim = cluster.nodes[held.index]!;
    const survivor = cluster.nodes[1 - held.index]!;
    const takeoverMs = await timeTakeover(held.jobs, survivor.child.pid!, killedAt);
    await sleep(Math.max(0, MEMBERS * 500 + 2_000 - (Date.now() - killedAt)));
    await load.stop();
    expect(load.failed, cluster.output()).toEqual([]);
    expect(load.withdrawals).toHaveLength(MEMBERS);
    expect(load.approved).toHaveLength(MEMBERS);

    const ids = load.withdrawals.map((withdrawal) => withdrawal.id);
    const { rows: perMember } = await cluster.pool.query<{ count: string }>(
      'SELECT count(*) FROM withdrawals WHERE member_id = ANY($1::bigint[]) GROUP BY member_id',
      [members.map((member) => member.id.toString())],
    );
    expect(perMember.map((row) => row.count)).toEqual(Array(MEMBERS).fill('1'));
    // No Result comes: 30 s after each send the payout sweep (on whichever node holds its lease) asks M-Pesa.
    const paid = await until(
      'every payout is paid',
      async () => {
        const payouts = await payoutsOf(ids);
        return payouts.length === MEMBERS && payouts.every((payout) => payout.state === 'paid') ? payouts : null;
      },
      150_000,
    ).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${JSON.stringify(await payoutsOf(ids))}\n${cluster.output()}`);
    });
    expectEachPayoutPaidOnce(paid, ids);
    const memberIds = members.map((member) => member.id.toString());
    // The sender runs every few seconds on the survivor; on a loaded machine (CI at load 5, seen 2026-11-29) 30 s
    // was not always enough, so it has a minute, and a timeout says where each message stands.
    await until('every SMS is sent', async () => (await smsSent(memberIds)) === MEMBERS, 60_000).catch(async (error: unknown) => {
      const { rows } = await cluster.pool.query(
        "SELECT id, state, attempts, next_attempt_at, claimed_at, last_error FROM sms_outbox WHERE kind = 'withdrawal_paid'",
      );
      throw new Error(`${String(error)}\n${JSON.stringify(rows)}\n${cluster.output()}`);
    });
    const smsCount = await expectEachSmsSentOnce(memberIds);

    const jobs = await jobRows();
    for (const name of ['payout-sweep', 'sms-sender'])
      expect(pidOf(jobs.find((job) => job.name === name)!.holder)).toBe(survivor.child.pid);
    const check = reconcile(cluster.databaseUrl);
    expect(check.status, check.output).toBe(0);
    console.log(
      `cluster money: lease ${LEASE_MS} ms; killed ${victim.name} holding ${held.jobs.join(', ')}; taken over in ` +
        `${(takeoverMs / 1000).toFixed(1)} s; ${load.requests} requests (${load.retried} attempts retried), ` +
        `${paid.length} payouts paid once (${cluster.sim.mpesa.b2c.requestsById.size} B2C requests), ` +
        `${smsCount} SMS sent once (${cluster.sim.africasTalking.messages.size} at the simulator)`,
    );
  });
});

async function smsSent(memberIds: string[]): Promise<number> {
  const { rows } = await cluster.pool.query<{ count: string }>(
    `SELECT count(*) FROM sms_outbox WHERE kind = 'withdrawal_paid' AND state IN ('sent', 'delivered')
       AND member_id = ANY($1::bigint[])`,
    [memberIds],
  );
  return Number(rows[0]?.count);
}

/** The time from the kill until the survivor holds every job the victim held (each counted as a takeover). */
async function timeTakeover(names: string[], survivorPid: number, killedAt: number): Promise<number> {
  await until(
    `the survivor takes ${names.join(', ')} over`,
    async () => {
      const rows = (await jobRows()).filter((row) => names.includes(row.name));
      return rows.every((row) => pidOf(row.holder) === survivorPid && Number(row.takeovers) >= 1);
    },
    120_000,
  );
  const takeoverMs = Date.now() - killedAt;
  expect(takeoverMs).toBeLessThan(120_000);
  return takeoverMs;
}
