import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** Read model for the console's notices (decision 047): how many members asked for a review and wait for an answer. */
export async function listOpenReviewNotices(
  db: DbOrTx,
): Promise<Array<{ kind: string; severity: 'warning'; text: string; link: string }>> {
  const rows = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM cluster_review_requests WHERE closed_at IS NULL`);
  const n = Number(rows.rows[0]?.n ?? 0);
  if (n === 0) return [];
  const text = `${n} ${n === 1 ? 'member asks' : 'members ask'} for a review of held commissions: see the Clusters page.`;
  return [{ kind: 'cluster_review', severity: 'warning', text, link: '/admin/clusters' }];
}
