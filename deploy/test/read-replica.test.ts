import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDatabase } from '../../apps/server/src/db/embedded.ts';
import { callAction, createTestAppOn, type TestApp } from '../../apps/server/test/harness.ts';
import { createMember, ensureTestCountries, fund, shown, wallets } from '../../apps/server/test/money-fixtures.ts';
import { startStreamingPair, type StreamingPair } from './pg-replica.ts';

// Tuzo with DATABASE_READ_URL on a real PostgreSQL 15 streaming replica (pg_basebackup -R) of its primary (decision
// 055). With the replica's replay paused, a new team member and new money exist only on the primary: the team page
// does not show the member yet (it reads the replica), the member's balance shows the money (it reads the primary).
// The console's CSV exports read the replica too: a member who exists only on the primary is not in the export yet.
let pair: StreamingPair;
let t: TestApp;
let database: string;

beforeAll(async () => {
  pair = await startStreamingPair();
  database = `t_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(pair.primary.url('postgres'), database);
  await pair.caughtUp();
  t = await createTestAppOn(pair.primary.url(database), { DATABASE_READ_URL: pair.replica.url(database) });
});

afterAll(async () => {
  await t?.close();
  await pair?.stop();
});

const levelOne = async (token: string) => {
  const answer = await callAction<{ l1: unknown }>(t.app, 'allmyDownlines', { token });
  expect(answer.httpStatus).toBe(200);
  return answer.data.l1;
};

describe('a read replica behind DATABASE_READ_URL', () => {
  it('team pages read the replica; a member’s own balance reads the primary', async () => {
    const c = await ensureTestCountries(t);
    const sponsor = await createMember(t, { countryId: c.kes, status: 'active' });
    await createMember(t, { countryId: c.kes, sponsor, status: 'active' });
    await fund(t, sponsor.id, 10_000n, 'balance');
    await pair.caughtUp();
    const teamBefore = await levelOne(sponsor.token);
    const balanceBefore = await shown(t, sponsor.id);

    await pair.replica.query('SELECT pg_wal_replay_pause()');
    try {
      await createMember(t, { countryId: c.kes, sponsor, status: 'active' });
      await fund(t, sponsor.id, 5_000n, 'balance');
      const onPrimary = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM members WHERE l1_id = $1', [
        sponsor.id.toString(),
      ]);
      const onReplica = await pair.replica.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM members WHERE l1_id = ${sponsor.id}`,
        database,
      );
      expect(onPrimary[0]!.n).toBe(2);
      expect(onReplica[0]!.n).toBe(1);
      // The team page still shows one member: it was answered by the paused replica.
      expect(await levelOne(sponsor.token)).toEqual(teamBefore);
      // The balance shows the new money: it was answered by the primary.
      expect((await wallets(t, sponsor.id)).balance).toBe(15_000n);
      const balanceAfter = await shown(t, sponsor.id);
      expect(balanceAfter).not.toEqual(balanceBefore);
    } finally {
      await pair.replica.query('SELECT pg_wal_replay_resume()');
    }
    await pair.caughtUp();
    expect(await levelOne(sponsor.token)).not.toEqual(teamBefore);
  });

  it('console exports read the replica: a member only on the primary is not exported until the replica replays', async () => {
    const c = await ensureTestCountries(t);
    const operator = await createMember(t, { countryId: c.kes, status: 'active', role: 'operator' });
    await pair.caughtUp();
    const exported = async (username: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/export/members?q=${username}`,
        headers: { authorization: `Bearer ${operator.token}` },
      });
      expect(response.statusCode).toBe(200);
      return response.body.split('\r\n').filter((line) => line.includes(username)).length;
    };

    await pair.replica.query('SELECT pg_wal_replay_pause()');
    let fresh: Awaited<ReturnType<typeof createMember>>;
    try {
      fresh = await createMember(t, { countryId: c.kes, status: 'active', prefix: 'rx' });
      // On the primary, not on the paused replica; the export (answered by the replica) leaves it out.
      expect(await t.sql('SELECT 1 FROM members WHERE username = $1', [fresh.username])).toHaveLength(1);
      expect(await exported(fresh.username)).toBe(0);
      // The export was still audited: the audit row is written on the primary.
      const audit = await t.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log WHERE action = 'export.members' AND actor_id = $1`,
        [operator.id.toString()],
      );
      expect(audit[0]!.n).toBe(1);
    } finally {
      await pair.replica.query('SELECT pg_wal_replay_resume()');
    }
    await pair.caughtUp();
    expect(await exported(fresh.username)).toBe(1);
  });
});
