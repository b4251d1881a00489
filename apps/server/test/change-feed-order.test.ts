import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../src/lib/change-feed.ts';
import { waitFor } from './deposits-fixtures.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * The change feed's reads of `member_changes` (decision 064): a change is seen once its transaction commits, whatever
 * order transactions commit in (a later transaction id committing first does not hide an earlier one), and never
 * before. The log is written here directly, as the triggers write it.
 */
let t: TestApp;
let feed: ChangeFeed;
const quietLog = { warn: () => undefined, info: () => undefined };

beforeAll(async () => {
  t = await createTestApp();
  feed = new ChangeFeed(t.databaseUrl, quietLog, { pollMs: 20, freshMs: 1000, reconnectMs: 50 });
  feed.start();
  await waitFor(async () => feed.isLive, 10_000);
}, 60_000);

afterAll(async () => {
  await feed?.close();
  await t?.close();
});

async function openWriter(memberId: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query('INSERT INTO member_changes (member_id) VALUES ($1)', [memberId]);
  return client;
}

describe('the change feed', () => {
  it('sees each change when its transaction commits, in any commit order, and not before', async () => {
    const stamp = feed.stamp();
    expect(stamp).not.toBeNull();
    const earlier = await openWriter('9000001');
    const later = await openWriter('9000002');
    const ids = await t.sql<{ a: string; b: string }>(
      `SELECT (SELECT xid::text FROM member_changes WHERE member_id = '9000001') AS a,
              (SELECT xid::text FROM member_changes WHERE member_id = '9000002') AS b`,
    );
    // Uncommitted rows are not visible to others yet.
    expect(ids).toEqual([{ a: null, b: null }]);
    await later.query('COMMIT');
    await waitFor(async () => !feed.isCurrent('9000002', stamp!), 5_000);
    // Several reads later the open transaction's change is still not reported.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(feed.isCurrent('9000001', stamp!)).toBe(true);
    await earlier.query('COMMIT');
    await waitFor(async () => !feed.isCurrent('9000001', stamp!), 5_000);
    // A rolled-back write is never reported.
    const rolledBack = await openWriter('9000003');
    await rolledBack.query('ROLLBACK');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(feed.isCurrent('9000003', stamp!)).toBe(true);
    for (const client of [earlier, later, rolledBack]) await client.end();
  });

  it('forgets everything when `*` is written (the reference data changed)', async () => {
    const stamp = feed.stamp();
    await t.sql(`INSERT INTO member_changes (member_id) VALUES ('*')`);
    await waitFor(async () => !feed.isCurrent('9000009', stamp!), 5_000);
    expect(feed.stamp()?.epoch).toBeGreaterThan(stamp!.epoch);
  });
});
