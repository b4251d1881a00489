import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../lib/deps.ts';
import { safeEqual } from '../../lib/safe-equal.ts';
import { jobsSnapshot, type JobSnapshot } from '../jobs/index.ts';
import { lowBalanceAlertIn } from '../payouts/index.ts';
import { attachMetrics, createMetrics, statusClass, type TuzoMetrics } from './metrics.ts';
import { readLedgerImbalance, readMoneyFigures, type MoneyFigures } from './metrics.read-model.ts';

/** The ledger check reads every posting: at most once a minute on any number of scrapes (decision 053). */
export const LEDGER_CHECK_EVERY_MS = 60_000;
const DAY_MS = 24 * 3600 * 1000;

const PAYOUT_LIVE_STATES = ['approved', 'sent', 'unknown'] as const;
const PAYOUT_SETTLED_STATES = ['paid', 'failed'] as const;
const SMS_STATES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'rejected'] as const;

/**
 * Metrics, request ids and `/metrics` (decision 053): every answer carries `X-Request-Id` (the id on every log line
 * of the request), every answer is counted by status class, and `/metrics` answers Prometheus when METRICS_TOKEN is
 * set and the scraper sends it as a bearer token; without METRICS_TOKEN it is not served (404). Registered first, so
 * its hooks see every route.
 */
export function registerObservability(app: FastifyInstance, deps: AppDeps): void {
  const metrics = createMetrics(deps);
  attachMetrics(app, metrics);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (_request, reply) => {
    metrics.httpRequests.inc({ status_class: statusClass(reply.statusCode) });
  });
  const ledger = ledgerCheck(deps, metrics);
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    const token = deps.config.METRICS_TOKEN;
    if (!token) return reply.code(404).type('text/plain; charset=utf-8').send('Metrics are off: set METRICS_TOKEN\n');
    if (!hasToken(request, token))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('Send METRICS_TOKEN as a bearer token\n');
    await refreshFromDatabase(deps, metrics, ledger);
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

function hasToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1] !== undefined && safeEqual(match[1].trim(), token);
}

/** The ledger check, run by a scrape when the last one is older than a minute; concurrent scrapes share one run. */
function ledgerCheck(deps: AppDeps, metrics: TuzoMetrics): () => Promise<void> {
  let lastAt = -Infinity;
  let running: Promise<void> | null = null;
  return () => {
    const now = deps.clock.now().getTime();
    if (running) return running;
    if (now - lastAt < LEDGER_CHECK_EVERY_MS) return Promise.resolve();
    running = readLedgerImbalance(deps.db)
      .then(({ imbalanceMinor, postings }) => {
        lastAt = now;
        metrics.ledgerImbalance.set(Number(imbalanceMinor));
        metrics.ledgerPostings.set(postings);
        metrics.ledgerCheckedAt.set(now / 1000);
      })
      .finally(() => (running = null));
    return running;
  };
}

async function refreshFromDatabase(deps: AppDeps, metrics: TuzoMetrics, ledger: () => Promise<void>): Promise<void> {
  const started = process.hrtime.bigint();
  const now = deps.clock.now();
  const [figures, jobs] = await Promise.all([
    readMoneyFigures(deps.db, new Date(now.getTime() - DAY_MS)),
    jobsSnapshot(deps),
    ledger(),
  ]);
  const alerts = new Map<string, bigint>();
  for (const { currency } of figures.balances)
    if (!alerts.has(currency)) alerts.set(currency, await lowBalanceAlertIn(deps, deps.db, currency));
  setMoneyFigures(metrics, figures, alerts, now);
  setJobFigures(metrics, jobs);
  metrics.scrapeDuration.set(Number(process.hrtime.bigint() - started) / 1e9);
}

const ageSeconds = (now: Date, since: Date | null) =>
  since === null ? 0 : Math.max(0, (now.getTime() - since.getTime()) / 1000);

function setMoneyFigures(metrics: TuzoMetrics, figures: MoneyFigures, alerts: Map<string, bigint>, now: Date): void {
  for (const state of PAYOUT_LIVE_STATES) metrics.payoutsInFlight.set({ state }, figures.payoutsInFlight[state] ?? 0);
  for (const state of PAYOUT_SETTLED_STATES) metrics.payoutsSettledDay.set({ state }, figures.payoutsSettledDay[state] ?? 0);
  metrics.payoutOldestUnknown.set(ageSeconds(now, figures.oldestUnknownPayout));
  metrics.payoutFloat.reset();
  metrics.payoutFloatAge.reset();
  metrics.payoutFloatAlert.reset();
  metrics.payoutPaidDay.reset();
  for (const balance of figures.balances) {
    const labels = { provider: balance.provider, currency: balance.currency };
    const paid = figures.paidDay.find((p) => p.provider === balance.provider && p.currency === balance.currency);
    metrics.payoutFloat.set(labels, Number(balance.balanceMinor));
    metrics.payoutFloatAge.set(labels, ageSeconds(now, balance.reportedAt));
    metrics.payoutFloatAlert.set(labels, Number(alerts.get(balance.currency) ?? 0n));
    metrics.payoutPaidDay.set(labels, Number(paid?.paidMinor ?? 0n));
  }
  for (const state of SMS_STATES) metrics.sms.set({ state }, figures.sms[state] ?? 0);
  for (const { kind, count, oldest } of figures.awaiting) {
    metrics.depositsAwaiting.set({ kind }, count);
    metrics.depositsOldest.set({ kind }, ageSeconds(now, oldest));
  }
}

/** The jobs module's figures (decision 052): counts since each job's row began, dead letters 0 or 1, lag now. */
function setJobFigures(metrics: TuzoMetrics, jobs: readonly JobSnapshot[]): void {
  for (const gauge of [metrics.jobRuns, metrics.jobFailures, metrics.jobDeadLetters, metrics.jobLag]) gauge.reset();
  for (const { name, runs, failures, deadLetter, lagSeconds } of jobs) {
    const labels = { job_name: name };
    metrics.jobRuns.set(labels, runs);
    metrics.jobFailures.set(labels, failures);
    metrics.jobDeadLetters.set(labels, deadLetter ? 1 : 0);
    metrics.jobLag.set(labels, lagSeconds);
  }
}
