import type { TestApp } from './harness.ts';

/** One row of `audit_log` as the tests read it (`before` and `after` are the JSON the service wrote). */
export interface AuditRow {
  actor_id: string;
  target_id: string | null;
  before: any;
  after: any;
  ip: string | null;
}

/** The audit rows of `action` (only those about `targetId`, when given), oldest first. */
export function auditRows(t: Pick<TestApp, 'sql'>, action: string, targetId?: string): Promise<AuditRow[]> {
  return t.sql<AuditRow>(
    `SELECT actor_id::text, target_id, before, after, ip FROM audit_log
     WHERE action = $1 AND ($2::text IS NULL OR target_id = $2) ORDER BY id`,
    [action, targetId ?? null],
  );
}

/** The newest audit row of `action`; fails when there is none. */
export async function lastAudit(t: Pick<TestApp, 'sql'>, action: string): Promise<AuditRow> {
  const row = (await auditRows(t, action)).at(-1);
  if (!row) throw new Error(`No audit row for ${action}`);
  return row;
}

export async function auditCount(t: Pick<TestApp, 'sql'>, action: string): Promise<number> {
  return (await auditRows(t, action)).length;
}
