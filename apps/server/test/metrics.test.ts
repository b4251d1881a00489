import { describe, expect, it } from 'vitest';
import { recordPayoutBalance } from '../src/modules/payouts/payout-balance-alert.ts';
import { enqueuePromotion } from '../src/modules/sms/sms.service.ts';
import { callAction } from './harness.ts';
import { usePayoutTestApp } from './payout-app.ts';
import { approve, payee, setSetting, waitForState, withdrawOk } from './payouts-fixtures.ts';
import { scrape, valueOf } from './metrics-scrape.ts';

/**
 * `/metrics` against the real database (decision 053): the bearer token, per-action counts with catalogue names
 * only, and the figures read on scrape (a payout left unknown, the float, a queued SMS, a code awaiting review,
 * the ledger check) with ages on the app's clock.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';
const ctx = usePayoutTestApp({ env: { METRICS_TOKEN: TOKEN } });
const metrics = () => scrape(ctx.t.app, TOKEN);

describe('/metrics', () => {
  it('refuses a scrape without the token or with another one, and answers every family with it', async () => {
    expect((await scrape(ctx.t.app, null)).status).toBe(401);
    expect((await scrape(ctx.t.app, 'not-the-metrics-token-at-all')).status).toBe(401);
    const ok = await metrics();
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
    for (const family of ['tuzo_action_requests_total', 'tuzo_db_pool_max_connections', 'tuzo_ledger_imbalance_minor'])
      expect(ok.families).toContain(family);
    expect(valueOf(ok.samples, 'tuzo_db_pool_max_connections')).toBeGreaterThan(0);
    expect(valueOf(ok.samples, 'tuzo_db_pool_waiting_clients')).toBe(0);
  });

  it('counts action calls by catalogue name and status class; any other name is "unknown"; every answer has an id', async () => {
    const before = await metrics();
    const count = (s: typeof before, action: string, status_class: string) =>
      valueOf(s.samples, 'tuzo_action_requests_total', { action, status_class }) ?? 0;
    const answer = await ctx.t.app.inject({ method: 'GET', url: '/api?action=userdata' });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['x-request-id']).toMatch(/^[a-z0-9]+-[a-z0-9]+$/);
    for (const name of ['no-such-action-1', 'no-such-action-2']) await callAction(ctx.t.app, name);
    const after = await metrics();
    expect(count(after, 'userdata', '4xx') - count(before, 'userdata', '4xx')).toBe(1);
    expect(count(after, 'unknown', '4xx') - count(before, 'unknown', '4xx')).toBe(2);
    expect(after.samples.some((s) => s.labels.action?.startsWith('no-such'))).toBe(false);
    expect(valueOf(after.samples, 'tuzo_action_duration_seconds_count', { action: 'userdata' })).toBeGreaterThan(0);
  });

  it('a payout left unknown: counted in flight, and its age grows with the app clock', async () => {
    const m = await payee(ctx, { suffix: '38' });
    const id = await withdrawOk(ctx, m, '500');
    await approve(ctx, id);
    await waitForState(ctx, id, 'unknown');
    const first = await metrics();
    expect(valueOf(first.samples, 'tuzo_payouts_in_flight', { state: 'unknown' })).toBe(1);
    const age = valueOf(first.samples, 'tuzo_payout_oldest_unknown_age_seconds')!;
    ctx.clock.advance(3_600_000);
    const later = await metrics();
    expect(valueOf(later.samples, 'tuzo_payout_oldest_unknown_age_seconds')! - age).toBeGreaterThanOrEqual(3600);
    ctx.clock.advance(-3_600_000);
  });

  it('the float per provider is the last recorded balance, beside the low-balance alert in its currency', async () => {
    await setSetting(ctx.t, 'payouts.low_balance_alert', '5000.00');
    await recordPayoutBalance(ctx.t.app.deps, {
      provider: 'mpesa_b2c',
      currency: 'KES',
      balanceMinor: 1_234_500n,
      source: 'test',
    });
    const { samples } = await metrics();
    const labels = { provider: 'mpesa_b2c', currency: 'KES' };
    expect(valueOf(samples, 'tuzo_payout_float_minor', labels)).toBe(1_234_500);
    expect(valueOf(samples, 'tuzo_payout_float_low_alert_minor', labels)).toBe(500_000);
    expect(valueOf(samples, 'tuzo_payout_float_reported_age_seconds', labels)).toBeLessThan(60);
    expect(valueOf(samples, 'tuzo_payout_paid_last_day_minor', labels)).toBeGreaterThanOrEqual(0);
  });

  it('a queued SMS and a code awaiting review show on the next scrape', async () => {
    const before = await metrics();
    const m = await payee(ctx);
    await callAction(ctx.t.app, 'setsmssettings', { method: 'POST', token: m.token, payload: { promotions: true } });
    const text = { en: 'New lessons are out.', sw: 'Masomo mapya yametoka.' };
    expect(await enqueuePromotion(ctx.t.app.deps, { memberId: m.id, text, dedupeKey: `metrics:${m.id}` })).toBe(true);
    const queued = (s: typeof before) => valueOf(s.samples, 'tuzo_sms_messages', { state: 'queued' }) ?? 0;
    const hourAgo = new Date(ctx.t.app.deps.clock.now().getTime() - 3_600_000);
    await ctx.t.sql(`INSERT INTO code_reviews (member_id, code, status, created_at) VALUES ($1, 'QWE123RTY9', 'pending', $2)`, [
      m.id.toString(),
      hourAgo,
    ]);
    const after = await metrics();
    expect(queued(after) - queued(before)).toBe(1);
    expect(valueOf(after.samples, 'tuzo_deposits_awaiting_verification', { kind: 'code_review' })).toBe(1);
    const oldest = valueOf(after.samples, 'tuzo_deposit_oldest_awaiting_verification_age_seconds', { kind: 'code_review' });
    expect(oldest).toBeGreaterThanOrEqual(3600);
    expect(oldest).toBeLessThan(3700);
    expect(valueOf(after.samples, 'tuzo_deposits_awaiting_verification', { kind: 'stk_push' })).toBe(0);
  });

  it('the ledger check: postings sum to zero, counted, stamped with the app clock', async () => {
    const { samples } = await metrics();
    expect(valueOf(samples, 'tuzo_ledger_imbalance_minor')).toBe(0);
    expect(valueOf(samples, 'tuzo_ledger_postings')).toBeGreaterThan(0);
    const checkedAt = valueOf(samples, 'tuzo_ledger_check_timestamp_seconds')!;
    expect(Math.abs(checkedAt - ctx.t.app.deps.clock.now().getTime() / 1000)).toBeLessThan(3600);
  });

  it('every job in the jobs table has its runs, failures, dead letters and lag', async () => {
    const { samples } = await metrics();
    const jobs = await ctx.t.sql<{ name: string; runs: number; failures: number; state: string }>(
      'SELECT name, runs, failures, state FROM jobs ORDER BY name',
    );
    const series = samples.filter((s) => s.name === 'tuzo_job_runs').map((s) => s.labels.job_name);
    expect(series.sort()).toEqual(jobs.map((job) => job.name));
    for (const job of jobs) {
      const labels = { job_name: job.name };
      expect(valueOf(samples, 'tuzo_job_runs', labels)).toBe(Number(job.runs));
      expect(valueOf(samples, 'tuzo_job_failures', labels)).toBe(Number(job.failures));
      expect(valueOf(samples, 'tuzo_job_dead_letters', labels)).toBe(job.state === 'dead' ? 1 : 0);
      expect(valueOf(samples, 'tuzo_job_lag_seconds', labels)).toBeGreaterThanOrEqual(0);
    }
  });
});
