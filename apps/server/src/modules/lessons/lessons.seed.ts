import type { DbOrTx } from '../../db/client.ts';
import { CRYPTO_LESSONS, FOREX_LESSONS } from './content/demo-lessons.ts';
import { insertSeedLessons } from './lessons.repository.ts';

/** Start-up step: the demo lessons, inserted once per (kind, part); an operator's changes are never overwritten. */
export async function seedLessons(db: DbOrTx): Promise<number> {
  return insertSeedLessons(
    db,
    [...FOREX_LESSONS, ...CRYPTO_LESSONS].map((lesson) => ({ ...lesson, link: null })),
  );
}
