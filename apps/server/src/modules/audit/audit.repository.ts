import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

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
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
    before: toJson(entry.before),
    after: toJson(entry.after),
    ip: entry.ip ?? null,
  });
}

function toJson(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner)));
}
