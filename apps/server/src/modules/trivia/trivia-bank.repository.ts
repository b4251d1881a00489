import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { triviaQuestions } from '../../db/schema.ts';

/**
 * The operator's catalogue of trivia questions (migration 0140): the console's list, edits and retirements (through
 * admin-trivia.service.ts). Owned here with the rest of the table's SQL.
 */

export interface TriviaQuestionRow {
  id: bigint;
  question: string;
  options: string[];
  correct: number;
  active: boolean;
  createdAt: Date;
}

const questionColumns = {
  id: triviaQuestions.id,
  question: triviaQuestions.question,
  options: triviaQuestions.options,
  correct: triviaQuestions.correct,
  active: triviaQuestions.active,
  createdAt: triviaQuestions.createdAt,
};

/** `%` and `_` in a search are literal characters, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

export async function selectTriviaPage(
  db: DbOrTx,
  input: { q?: string | undefined; status?: 'active' | 'retired' | undefined; limit: number; offset: number },
): Promise<{ rows: TriviaQuestionRow[]; total: number }> {
  const filters: SQL[] = [];
  if (input.q) filters.push(ilike(triviaQuestions.question, `%${escapeLike(input.q)}%`));
  if (input.status) filters.push(eq(triviaQuestions.active, input.status === 'active'));
  const where = filters.length === 0 ? undefined : and(...filters);
  const rows = await db
    .select(questionColumns)
    .from(triviaQuestions)
    .where(where)
    .orderBy(desc(triviaQuestions.id))
    .limit(input.limit)
    .offset(input.offset);
  const [counted] = await db.select({ total: count() }).from(triviaQuestions).where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function selectTriviaQuestionForUpdate(tx: DbOrTx, id: bigint): Promise<TriviaQuestionRow | null> {
  const rows = await tx.select(questionColumns).from(triviaQuestions).where(eq(triviaQuestions.id, id)).for('update');
  return rows[0] ?? null;
}

export interface TriviaQuestionValues {
  question: string;
  options: string[];
  correct: number;
  active: boolean;
}

export async function insertTriviaQuestions(tx: DbOrTx, values: readonly TriviaQuestionValues[]): Promise<TriviaQuestionRow[]> {
  if (values.length === 0) return [];
  return tx
    .insert(triviaQuestions)
    .values([...values])
    .returning(questionColumns);
}

export async function updateTriviaQuestion(
  tx: DbOrTx,
  id: bigint,
  values: Partial<TriviaQuestionValues>,
): Promise<TriviaQuestionRow> {
  const rows = await tx.update(triviaQuestions).set(values).where(eq(triviaQuestions.id, id)).returning(questionColumns);
  const row = rows[0];
  if (!row) throw new Error(`Trivia question ${id} vanished while locked`);
  return row;
}
