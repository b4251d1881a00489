import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppDeps } from '../../lib/deps.ts';

/** The one label every action name outside the catalogue collapses into, so a caller cannot grow the series. */
export const UNKNOWN_ACTION = 'unknown';

/* Job series are labelled `job_name`: Prometheus's own `job` label names the scrape job. */

const LATENCY_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** `2xx`, `4xx`, `5xx`...: the only status label, so the series stay bounded. */
export function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

/**
 * One app's metrics, in a registry of its own (tests build several apps in one process). Values read from the
 * database are set on scrape (metrics.read-model.ts); the pool's are read from `pg.Pool` when collected.
 */
export function createMetrics(deps: Pick<AppDeps, 'pool'>) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers });
  return { registry, ...requestMetrics(registers), ...poolMetrics(deps.pool, registers), ...figureMetrics(gauge) };
}

type Registers = Registry[];
type GaugeMaker = <L extends string>(name: string, help: string, labelNames?: readonly L[]) => Gauge<L>;

/** Every answer by status class, and action calls by name with their latency (the endpoint's hook). */
function requestMetrics(registers: Registers) {
  return {
    httpRequests: new Counter<'status_class'>({
      name: 'tuzo_http_requests_total',
      help: 'Every answered HTTP request (actions, hooks, exports, the web app), by status class.',
      labelNames: ['status_class'],
      registers,
    }),
    actionRequests: new Counter<'action' | 'status_class'>({
      name: 'tuzo_action_requests_total',
      help: 'Answered action calls by action name (catalogue names only, else "unknown") and status class.',
      labelNames: ['action', 'status_class'],
      registers,
    }),
    actionDuration: new Histogram<'action'>({
      name: 'tuzo_action_duration_seconds',
      help: 'Time from request to answer of action calls, by action name.',
      labelNames: ['action'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
  };
}

/** The PostgreSQL pool, read from `pg.Pool` when collected: use (total, idle) and wait (waiting clients). */
function poolMetrics(pool: AppDeps['pool'], registers: Registers) {
  return {
    poolTotal: new Gauge({
      name: 'tuzo_db_pool_connections',
      help: 'Connections the PostgreSQL pool holds open (busy and idle).',
      registers,
      collect() {
        this.set(pool.totalCount);
      },
    }),
    poolIdle: new Gauge({
      name: 'tuzo_db_pool_idle_connections',
      help: 'Open pool connections not lent out.',
      registers,
      collect() {
        this.set(pool.idleCount);
      },
    }),
    poolWaiting: new Gauge({
      name: 'tuzo_db_pool_waiting_clients',
      help: 'Queries waiting for a pool connection (all are lent out and the pool is at its maximum).',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    }),
    poolMax: new Gauge({
      name: 'tuzo_db_pool_max_connections',
      help: 'The pool maximum.',
      registers,
      collect() {
        this.set(pool.options.max ?? 10);
      },
    }),
  };
}

/** Figures set on scrape from the database (observability.ts): jobs, payouts, float, SMS, deposits, ledger. */
function figureMetrics(gauge: GaugeMaker) {
  return {
    jobRuns: gauge('tuzo_job_runs', 'Runs of a background job, as counted by the jobs module (monotonic).', ['job_name']),
    jobFailures: gauge('tuzo_job_failures', 'Failed runs of a background job (monotonic).', ['job_name']),
    jobDeadLetters: gauge('tuzo_job_dead_letters', 'Job runs that gave up after their last retry and wait for a person.', [
      'job_name',
    ]),
    jobLag: gauge('tuzo_job_lag_seconds', 'How late the oldest due run of a job is (0: on time).', ['job_name']),
    payoutsInFlight: gauge('tuzo_payouts_in_flight', 'Payouts not settled yet, by state (approved, sent, unknown).', ['state']),
    payoutsSettledDay: gauge('tuzo_payouts_settled_last_day', 'Payouts created in the last 24 h now paid or failed.', ['state']),
    payoutOldestUnknown: gauge(
      'tuzo_payout_oldest_unknown_age_seconds',
      'Age of the oldest payout whose outcome is unknown (0: none).',
    ),
    payoutFloat: gauge('tuzo_payout_float_minor', 'Last balance the provider reported for its payout account.', [
      'provider',
      'currency',
    ]),
    payoutFloatAge: gauge('tuzo_payout_float_reported_age_seconds', 'Age of that last reported balance.', [
      'provider',
      'currency',
    ]),
    payoutFloatAlert: gauge('tuzo_payout_float_low_alert_minor', 'payouts.low_balance_alert in that currency.', [
      'provider',
      'currency',
    ]),
    payoutPaidDay: gauge('tuzo_payout_paid_last_day_minor', 'Sum of payouts created in the last 24 h and paid.', [
      'provider',
      'currency',
    ]),
    sms: gauge('tuzo_sms_messages', 'Rows of the SMS outbox by state (queued, sending, sent, delivered, failed, rejected).', [
      'state',
    ]),
    depositsAwaiting: gauge(
      'tuzo_deposits_awaiting_verification',
      'Deposits waiting for the provider or an operator to verify them, by kind.',
      ['kind'],
    ),
    depositsOldest: gauge(
      'tuzo_deposit_oldest_awaiting_verification_age_seconds',
      'Age of the oldest deposit waiting for verification, by kind (0: none).',
      ['kind'],
    ),
    ledgerImbalance: gauge('tuzo_ledger_imbalance_minor', 'Sum of every ledger posting: must be 0.'),
    ledgerPostings: gauge('tuzo_ledger_postings', 'Ledger postings counted by the last ledger check.'),
    ledgerCheckedAt: gauge('tuzo_ledger_check_timestamp_seconds', 'App-clock time of the last ledger check.'),
    scrapeDuration: gauge('tuzo_metrics_scrape_seconds', 'Time the last scrape spent reading the database.'),
  };
}

export type TuzoMetrics = ReturnType<typeof createMetrics>;

/** Each app's metrics, found by its Fastify instance: the action endpoint records into them without a new parameter. */
const METRICS = new WeakMap<FastifyInstance, TuzoMetrics>();

export function attachMetrics(app: FastifyInstance, metrics: TuzoMetrics): void {
  METRICS.set(app, metrics);
}

/**
 * The action routes' `onResponse` hook: counts the answer and its latency under the action's catalogue name, or
 * `unknown` (`nameOf` decides, it knows the catalogue). Without metrics attached (a test's bare endpoint) it does nothing.
 */
export function actionMetricsHook(app: FastifyInstance, nameOf: (request: FastifyRequest) => string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const metrics = METRICS.get(app);
    if (!metrics) return;
    const action = nameOf(request);
    metrics.actionRequests.inc({ action, status_class: statusClass(reply.statusCode) });
    metrics.actionDuration.observe({ action }, reply.elapsedTime / 1000);
  };
}
