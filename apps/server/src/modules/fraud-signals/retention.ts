import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { startJob } from '../jobs/index.ts';
import { readSetting } from '../settings/index.ts';

/** The retention job runs once a day (one node of the cluster, decision 052). */
export const SIGNAL_RETENTION_EVERY_MS = 24 * 3600_000;

const DAY_MS = 24 * 3600_000;

/** Raw signal rows last seen before `cutoff`. */
async function deleteOldSignals(db: DbOrTx, cutoff: Date): Promise<number> {
  const result = await db.execute(sql`DELETE FROM fraud_signals WHERE seen_at < ${cutoff}`);
  return result.rowCount ?? 0;
}

/** Links last seen before `cutoff`, except those of a member in an open cluster (a case keeps its evidence). */
async function deleteOldLinks(db: DbOrTx, cutoff: Date): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM fraud_links l WHERE l.last_seen_at < ${cutoff}
      AND NOT EXISTS (
        SELECT 1 FROM fraud_cluster_members m JOIN fraud_clusters c ON c.id = m.cluster_id
        WHERE m.member_id IN (l.member_a, l.member_b) AND c.state = 'open'
      )`);
  return result.rowCount ?? 0;
}

/**
 * Deletes what is past `fraud.raw_retention_days` on the app's clock (decision 061): raw signal rows, and the links
 * between members of no open case. Cluster membership stays: it names no signal.
 */
export async function runSignalRetention(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<{ signals: number; links: number }> {
  const { raw_retention_days: days } = await readSetting(deps.db, 'fraud');
  const cutoff = new Date(deps.clock.now().getTime() - days * DAY_MS);
  return deps.db.transaction(async (tx) => ({
    signals: await deleteOldSignals(tx, cutoff),
    links: await deleteOldLinks(tx, cutoff),
  }));
}

/** Start-up: the daily retention job, on a timer that never keeps the process alive and stops with the app. */
export function startSignalRetention(app: FastifyInstance, deps: AppDeps): void {
  startJob(app, deps, {
    name: 'fraud-signal-retention',
    everyMs: SIGNAL_RETENTION_EVERY_MS,
    work: () => runSignalRetention(deps),
  });
}
