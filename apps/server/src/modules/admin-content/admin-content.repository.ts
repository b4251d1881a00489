import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export async function countryExists(db: DbOrTx, countryId: number): Promise<boolean> {
  const result = await db.execute(sql`SELECT 1 FROM countries WHERE id = ${countryId}`);
  return result.rows.length > 0;
}
