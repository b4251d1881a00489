import { beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../src/lib/clock.ts';
import { loginOk, registerOk } from './auth-helpers.ts';
import { useCountriesApp } from './countries-app.ts';
import { waitFor } from './deposits-fixtures.ts';
import { callAction } from './harness.ts';
import { countPoolCheckouts, type PoolCheckouts } from './pool-checkouts.ts';

/**
 * The session kept by the change feed (decision 064) in one app with the feed on: it answers the poll only while the
 * session rule would answer the same without writing (expiry, idle timeout, the 1/30 record of use, app clock), and
 * only the poll: every other action checks the session in PostgreSQL. Connections taken from the app's pool are
 * counted per request (AsyncLocalStorage around `inject`; the feed's own connection is not in the pool).
 */
const clock = new SettableClock(new Date('2026-03-02T08:00:00Z'));
const { t } = useCountriesApp({}, { clock, changeFeed: true });
let counting: PoolCheckouts;
let token = '';

beforeAll(async () => {
  counting = countPoolCheckouts(t.app.deps.pool);
  await registerOk(t, { username: 'feed_session' });
  token = await loginOk(t, 'feed_session');
});

async function counted(action: string) {
  const { result, checkouts } = await counting.run(() => callAction(t.app, action, { token }));
  return { status: result.status, checkouts };
}

/**
 * A poll once the feed is live: on a loaded machine its read may come back later than the 1 s bound, and the poll then
 * rightly reads PostgreSQL; what is checked here is the poll while the feed is live.
 */
async function countedWhileLive() {
  await waitFor(async () => t.app.deps.changes?.isLive === true, 10_000);
  return counted('userdata');
}

/**
 * Waits until the feed has read past every write made before the call (a read sent before a write committed may come
 * back after a poll kept an answer already showing it, and the next poll then rightly reads PostgreSQL again), then
 * until a poll takes no connection.
 */
async function quietNow() {
  const reads = t.app.deps.changes?.state.reads ?? 0;
  await waitFor(async () => (t.app.deps.changes?.state.reads ?? 0) >= reads + 2, 10_000);
  await waitFor(async () => (await counted('userdata')).checkouts === 0, 10_000);
}

/** `userdata` once the feed is live, with its answer and the connections it took. */
async function userdataWhileLive() {
  await waitFor(async () => t.app.deps.changes?.isLive === true, 10_000);
  return counting.run(() => callAction(t.app, 'userdata', { token }));
}

const lastSeen = async () =>
  (
    await t.sql<{ at: Date }>(
      `SELECT s.last_seen_at AS at FROM sessions s JOIN members m ON m.id = s.member_id WHERE m.username = 'feed_session'
       ORDER BY s.id DESC LIMIT 1`,
    )
  )[0]!.at.toISOString();

describe('the kept session', () => {
  it('answers the quiet poll with no connection; any other action checks the session in PostgreSQL', async () => {
    await quietNow();
    expect(await countedWhileLive()).toEqual({ status: 200, checkouts: 0 });
    const other = await counted('auth');
    expect(other.status).toBe(200);
    expect(other.checkouts).toBeGreaterThan(0);
  });

  it('takes the PostgreSQL path when the use is due to be recorded, records it, and is quiet again after', async () => {
    await quietNow();
    // A member's idle timeout is 7 days: its use is recorded once per 1/30 of it (5.6 hours).
    clock.advance(6 * 3_600_000);
    const due = await counted('userdata');
    expect(due.status).toBe(200);
    expect(due.checkouts).toBeGreaterThan(0);
    const recorded = await lastSeen();
    expect(recorded).toBe(clock.now().toISOString());
    // Quiet again (a loaded machine may have kept nothing from the due poll while the feed was not live: then the
    // next poll reads PostgreSQL once and keeps the session), and the use is not recorded again.
    await waitFor(async () => (await countedWhileLive()).checkouts === 0, 10_000);
    expect(await lastSeen()).toBe(recorded);
  });

  it("shows the member's own change at once, without waiting for the notification (the trigger is off here)", async () => {
    await quietNow();
    await t.sql('ALTER TABLE members DISABLE TRIGGER members_change_feed');
    try {
      // Without the trigger a write nobody announces is not seen: the kept answer is what a quiet poll sends (a poll
      // made while a loaded machine delayed the feed reads PostgreSQL and keeps nothing, so the kept answer stays).
      await t.sql(`UPDATE members SET email = 'unannounced@test.local' WHERE username = 'feed_session'`);
      const kept = await waitFor(async () => {
        const poll = await userdataWhileLive();
        return poll.checkouts === 0 ? poll.result : null;
      }, 10_000);
      expect(kept?.data.userdetails.email).toBeDefined();
      expect(kept?.data.userdetails.email).not.toBe('unannounced@test.local');
      expect((await callAction(t.app, 'setlanguage', { token, payload: { language: 'sw' } })).status).toBe(200);
      // Asked while the feed is live: only the member's own write (marked at once) sends this poll to PostgreSQL.
      const after = (await userdataWhileLive()).result;
      expect(after.data.userdetails).toMatchObject({ language: 'sw', email: 'unannounced@test.local' });
    } finally {
      await t.sql('ALTER TABLE members ENABLE TRIGGER members_change_feed');
    }
  });

  it('refuses a session past its idle timeout by the app clock, through PostgreSQL, never from what it kept', async () => {
    await quietNow();
    clock.advance(8 * 24 * 3_600_000);
    const idle = await counted('userdata');
    expect(idle.status).toBe(401);
    expect(idle.checkouts).toBeGreaterThan(0);
  });
});
