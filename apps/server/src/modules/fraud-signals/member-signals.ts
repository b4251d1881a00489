import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Closing an account (decision 040) erases the member's raw signal rows, and their links unless the member is in an
 * open case: a case under review keeps its evidence until decided (Data Protection Act 2019 s.51(2)(b), prevention
 * and detection of crime), and then the retention job deletes it. Cluster membership names no signal and stays.
 */
export async function eraseMemberSignals(tx: DbOrTx, memberId: bigint): Promise<{ signals: number; links: number }> {
  const signals = await tx.execute(sql`DELETE FROM fraud_signals WHERE member_id = ${memberId}`);
  const links = await tx.execute(sql`
    DELETE FROM fraud_links WHERE (member_a = ${memberId} OR member_b = ${memberId})
      AND NOT EXISTS (
        SELECT 1 FROM fraud_cluster_members m JOIN fraud_clusters c ON c.id = m.cluster_id
        WHERE m.member_id = ${memberId} AND c.state = 'open'
      )`);
  return { signals: signals.rowCount ?? 0, links: links.rowCount ?? 0 };
}
