import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** A row of `audit_log` as the audit module writes it (see audit.service.ts). */
export interface AuditRowValues {
  actorId: bigint | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  /** JSON text, or null for no value. */
  before: string | null;
  after: string | null;
  ip: string | null;
}

/** The one writer of audit rows: the database function `audit_write` (0250_kernel_writers.sql), now() as its time. */
export async function insertAuditRow(db: DbOrTx, row: AuditRowValues): Promise<void> {
  await db.execute(sql`
    SELECT audit_write(${row.actorId}, ${row.action}, ${row.targetType}, ${row.targetId}, ${row.before}::jsonb,
                       ${row.after}::jsonb, ${row.ip}, NULL)`);
}
