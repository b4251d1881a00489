import type { DbOrTx } from '../../db/client.ts';
import { insertAuditRow } from './audit.repository.ts';

/** The audit log screen (staff's `adminauditlog`) reads the table through these: the log is this module's. */

/**
 * The audit kernel: the one way code writes an audit row (`audit_log`, append-only). A money movement's audit row is
 * written by the same database function through `recordMovement`'s `audit` (docs/decisions/027-owners-and-kernel.md).
 */
export interface AuditEntry {
  /** The member or operator who acted; null for the system itself (start-up, reconcilers). */
  actorId: bigint | null;
  /** What happened, dotted and stable: `member.suspend`, `withdrawal.approve`, `seed.operator`. */
  action: string;
  targetType?: string | null;
  targetId?: string | bigint | number | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

/**
 * Writes one audit row. Pass the open transaction of the change being audited so the audit row commits or rolls
 * back with it. `before`/`after` are stored as JSON; bigint values are turned into strings because JSON has none.
 */
export async function writeAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await insertAuditRow(db, {
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
    before: jsonText(entry.before),
    after: jsonText(entry.after),
    ip: entry.ip ?? null,
  });
}

/** A member's change to their own account: the member is both who acted and what changed. */
export async function writeOwnChangeAudit(
  db: DbOrTx,
  memberId: bigint,
  action: string,
  change: { before: unknown; after: unknown; ip: string | null },
): Promise<void> {
  await writeAudit(db, { actorId: memberId, action, targetType: 'member', targetId: memberId, ...change });
}

/** JSON text with bigints as strings; null (SQL NULL) for an absent or null value. */
function jsonText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner));
}
