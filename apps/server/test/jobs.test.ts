import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../src/lib/clock.ts';
import { jobsSnapshot, reviveDeadJob, runJobTick, type JobRun, type JobSpec } from '../src/modules/jobs/index.ts';
import { pollEveryMs, retryDelayMs } from '../src/modules/jobs/jobs.runner.ts';
import { callAction, createTestApp, createTestAppOn, type TestApp } from './harness.ts';
import { createMember } from './money-fixtures.ts';

// Two apps on one database stand for two nodes; one clock for both (hosts kept in step by NTP), moved by the tests.
const clock = new SettableClock(new Date('2026-05-04T06:00:00Z'));
const LEASE_MS = 60_000;
const env = { JOB_LEASE_MS: String(LEASE_MS), JOB_DEAD_AFTER: '3' };
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await createTestApp(env, { clock });
  second = await createTestAppOn(first.databaseUrl, env, { clock });
});
afterAll(async () => {
  await second.closeWithoutReconcile();
  await first.close();
});

/** A job whose work counts its runs, and throws while `failing` is set. */
function countingJob(name: string, everyMs = 15_000) {
  const job = { runs: 0, failing: false };
  const spec: JobSpec = {
    name,
    everyMs,
    work: async () => {
      job.runs += 1;
      if (job.failing) throw new Error(`${name} broke`);
    },
  };
  return { job, spec };
}

async function row(name: string) {
  const [found] = await first.sql<{ state: string; holder: string | null; next_run_at: Date; consecutive_failures: number }>(
    'SELECT state, holder, next_run_at, consecutive_failures FROM jobs WHERE name = $1',
    [name],
  );
  return found!;
}

async function snapshotOf(name: string) {
  return (await jobsSnapshot(first.app.deps)).find((job) => job.name === name)!;
}

describe('background jobs across two nodes', () => {
  it('runs each tick once: of two nodes asking together only one runs it, and nobody before it is due again', async () => {
    const { job, spec } = countingJob('once-per-tick');
    // A new job is first due one period after the first node asks about it.
    expect((await runJobTick(first.app.deps, spec)).ran).toBe(false);
    clock.advance(15_000);
    const ticks = await Promise.all([runJobTick(first.app.deps, spec), runJobTick(second.app.deps, spec)]);
    expect(ticks.filter((tick) => tick.ran)).toHaveLength(1);
    expect(job.runs).toBe(1);
    clock.advance(14_999);
    expect((await Promise.all([runJobTick(first.app.deps, spec), runJobTick(second.app.deps, spec)])).some((t) => t.ran)).toBe(
      false,
    );
    clock.advance(1);
    for (let round = 0; round < 5; round += 1) {
      await Promise.all([runJobTick(second.app.deps, spec), runJobTick(first.app.deps, spec)]);
      clock.advance(15_000);
    }
    expect(job.runs).toBe(6);
    expect(await snapshotOf('once-per-tick')).toMatchObject({ runs: 6, failures: 0, state: 'idle', deadLetter: false });
  });

  it("takes over a job whose node stopped mid-run once its lease is out, and the stalled node's late end changes nothing", async () => {
    let release = () => undefined as void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    let firstRuns = 0;
    let secondRuns = 0;
    const name = 'takeover';
    expect((await runJobTick(second.app.deps, { name, everyMs: 15_000, work: async () => 0 })).ran).toBe(false);
    clock.advance(15_000);
    const onFirst = runJobTick(first.app.deps, { name, everyMs: 15_000, work: () => ((firstRuns += 1), stalled) });
    await expect.poll(async () => (await row(name))?.state, { timeout: 5_000 }).toBe('running');
    const onSecond: JobSpec = { name, everyMs: 15_000, work: async () => (secondRuns += 1) };
    clock.advance(LEASE_MS);
    expect((await runJobTick(second.app.deps, onSecond)).ran).toBe(false);
    clock.advance(1);
    const takeover = await runJobTick(second.app.deps, onSecond);
    expect(takeover).toMatchObject({ ran: true, ok: true, tookOver: true, leaseLost: false });
    release();
    expect(await onFirst).toMatchObject({ ran: true, leaseLost: true, job: null });
    expect([firstRuns, secondRuns]).toEqual([1, 1]);
    const after = await snapshotOf(name);
    expect(after).toMatchObject({ state: 'idle', runs: 2, failures: 1, takeovers: 1, consecutiveFailures: 0 });
    expect(after.holder).toBe(takeover.ran && takeover.job?.holder);
    expect(after.lastError).toMatch(/^Stopped mid-run on /);
  });

  it('stops a run that lost its lease before its next effect, while the node that took over does every item once', async () => {
    const name = 'lease-lost';
    const items = ['a', 'b', 'c'];
    const done: string[] = [];
    let release = () => undefined as void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    // Each item is an effect keyed by the item (as a payout's claim or a message's `sending`): done at most once.
    const reachedByFirst: string[] = [];
    const work = (stallAfterFirst: boolean) => async (run: JobRun) => {
      for (const item of items) {
        if (!(await run.stillHeld())) return;
        if (stallAfterFirst) reachedByFirst.push(item);
        if (!done.includes(item)) done.push(item);
        if (stallAfterFirst && item === 'a') await stalled;
      }
    };
    expect((await runJobTick(first.app.deps, { name, everyMs: 15_000, work: work(false) })).ran).toBe(false);
    clock.advance(15_000);
    let firstSignal: AbortSignal | null = null;
    const onFirst = runJobTick(first.app.deps, {
      name,
      everyMs: 15_000,
      work: (run) => ((firstSignal = run.signal), work(true)(run)),
    });
    await expect.poll(() => done.length, { timeout: 5_000 }).toBe(1);
    // The first node stalls past its lease; the second takes the job over and does what is left.
    clock.advance(LEASE_MS + 1);
    const takeover = await runJobTick(second.app.deps, { name, everyMs: 15_000, work: work(false) });
    expect(takeover).toMatchObject({ ran: true, ok: true, tookOver: true });
    expect(done).toEqual(['a', 'b', 'c']);
    // The stalled run wakes, finds the lease gone at its next check and stops: no item twice, nothing recorded.
    const doneBefore = done.length;
    release();
    expect(await onFirst).toMatchObject({ ran: true, ok: true, leaseLost: true, job: null });
    expect(firstSignal!.aborted).toBe(true);
    expect(done).toHaveLength(doneBefore);
    expect(reachedByFirst).toEqual(['a']);
    expect(await snapshotOf(name)).toMatchObject({ state: 'idle', runs: 2, takeovers: 1 });
  });

  it('retries a failing job with a doubling wait, and stops it as a dead letter after JOB_DEAD_AFTER failures in a row', async () => {
    const { job, spec } = countingJob('flaky', 20_000);
    job.failing = true;
    await runJobTick(first.app.deps, spec);
    clock.advance(20_000);
    expect(await runJobTick(first.app.deps, spec)).toMatchObject({ ran: true, ok: false, error: 'flaky broke' });
    const waits = [retryDelayMs(20_000, 1), retryDelayMs(20_000, 2)];
    expect(waits).toEqual([20_000, 40_000]);
    for (const wait of waits) {
      expect((await row('flaky')).next_run_at.getTime()).toBe(clock.now().getTime() + wait);
      clock.advance(wait - 1);
      expect((await runJobTick(second.app.deps, spec)).ran).toBe(false);
      clock.advance(1);
      expect((await runJobTick(second.app.deps, spec)).ran).toBe(true);
    }
    expect(await row('flaky')).toMatchObject({ state: 'dead', consecutive_failures: 3 });
    clock.advance(3_600_000);
    expect((await runJobTick(first.app.deps, spec)).ran).toBe(false);
    expect(job.runs).toBe(3);
    const dead = await snapshotOf('flaky');
    expect(dead).toMatchObject({ deadLetter: true, runs: 3, failures: 3, consecutiveFailures: 3, lastError: 'flaky broke' });
    // Due 80 s after its third failure (its next retry), never started since.
    expect(dead.lagSeconds).toBe(3_600 - 80);

    job.failing = false;
    expect(await reviveDeadJob(first.app.deps, 'flaky')).toBe(true);
    expect(await runJobTick(second.app.deps, spec)).toMatchObject({ ran: true, ok: true });
    expect(await snapshotOf('flaky')).toMatchObject({ state: 'idle', deadLetter: false, consecutiveFailures: 0, failures: 3 });
  });

  it("shows a job's lag: the seconds since it fell due without starting, 0 once it has run", async () => {
    const { spec } = countingJob('laggard', 15_000);
    await runJobTick(first.app.deps, spec);
    clock.advance(15_000);
    await runJobTick(first.app.deps, spec);
    const ranAt = clock.now();
    expect(await snapshotOf('laggard')).toMatchObject({ lagSeconds: 0, lastRunAt: ranAt });
    clock.advance(15_000 + 90_000);
    expect((await snapshotOf('laggard')).lagSeconds).toBe(90);
    await runJobTick(second.app.deps, spec);
    expect((await snapshotOf('laggard')).lagSeconds).toBe(0);
  });

  it('lists the jobs for an operator (adminjobs, read-only), and refuses support staff', async () => {
    const operator = await createMember(first, { countryId: 1, status: 'active', role: 'operator' });
    const support = await createMember(first, { countryId: 1, status: 'active', role: 'support' });
    const answer = await callAction(second.app, 'adminjobs', { method: 'GET', token: operator.token });
    expect(answer.httpStatus).toBe(200);
    expect(answer.data).toMatchObject({ lease_seconds: 60, dead_after: 3 });
    const byName = new Map((answer.data.jobs as Array<{ name: string }>).map((job) => [job.name, job]));
    expect(byName.get('takeover')).toMatchObject({ state: 'idle', takeovers: 1, failures: 1, dead_letter: false });
    expect(byName.get('flaky')).toMatchObject({ consecutive_failures: 0, failures: 3, every_seconds: 20 });
    expect((await callAction(first.app, 'adminjobs', { method: 'GET', token: support.token })).code).toBe('FORBIDDEN');
  });

  it('asks at least four times per lease, so a takeover comes within a lease and a quarter', () => {
    expect(pollEveryMs(5_000, 60_000)).toBe(5_000);
    expect(pollEveryMs(10 * 60_000, 60_000)).toBe(15_000);
    expect(retryDelayMs(10 * 60_000, 1)).toBe(30_000);
    expect(retryDelayMs(15_000, 20)).toBe(15 * 60_000);
  });
});
