import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { countries, members, triviaQuestions, triviaRounds } from '../../db/schema.ts';

export type TriviaRoundRow = typeof triviaRounds.$inferSelect;

/** The member's activation time and currency: what the day rule and the amounts shown need. */
export async function selectTriviaMember(db: DbOrTx, memberId: bigint) {
  const rows = await db
    .select({
      activatedAt: members.activatedAt,
      countryId: countries.id,
      currency: countries.currency,
      rateMicro: countries.rateMicro,
    })
    .from(members)
    .innerJoin(countries, eq(countries.id, members.countryId))
    .where(eq(members.id, memberId))
    .limit(1);
  return rows[0] ?? null;
}

export async function selectRoundOfDay(db: DbOrTx, input: { memberId: bigint; day: string }): Promise<TriviaRoundRow | null> {
  const rows = await db
    .select()
    .from(triviaRounds)
    .where(and(eq(triviaRounds.memberId, input.memberId), eq(triviaRounds.day, input.day)))
    .limit(1);
  return rows[0] ?? null;
}

/** Ids of the active questions (the bank is operator-sized: hundreds, not millions). */
export async function selectActiveQuestionIds(db: DbOrTx): Promise<bigint[]> {
  const rows = await db
    .select({ id: triviaQuestions.id })
    .from(triviaQuestions)
    .where(eq(triviaQuestions.active, true))
    .orderBy(asc(triviaQuestions.id));
  return rows.map((row) => row.id);
}

export async function selectQuestions(db: DbOrTx, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: triviaQuestions.id,
      question: triviaQuestions.question,
      options: triviaQuestions.options,
      correct: triviaQuestions.correct,
    })
    .from(triviaQuestions)
    .where(inArray(triviaQuestions.id, [...ids]));
}

/** Every question's right option (`options[correct]`, null when out of range), by id as text: trivia.answer.ts's copy. */
export async function selectRightOptions(db: DbOrTx): Promise<{ id: string; right: string | null }[]> {
  return db
    .select({
      id: sql<string>`${triviaQuestions.id}::text`,
      right: sql<string | null>`${triviaQuestions.options}[${triviaQuestions.correct}]`,
    })
    .from(triviaQuestions);
}

/** Starts today's round unless one exists (two concurrent starts: the second gets nothing and reads the first). */
export async function insertRoundIfMissing(
  db: DbOrTx,
  input: { memberId: bigint; day: string; questionIds: bigint[]; startedAt: Date },
): Promise<void> {
  await db
    .insert(triviaRounds)
    .values({ memberId: input.memberId, day: input.day, questionIds: input.questionIds, startedAt: input.startedAt })
    .onConflictDoNothing();
}

/** Demo questions by seed key: inserted once, never overwriting an operator's edit. */
export async function insertSeedQuestions(
  db: DbOrTx,
  rows: readonly { seedKey: string; question: string; options: string[]; correct: number }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(triviaQuestions)
    .values(rows.map((row) => ({ seedKey: row.seedKey, question: row.question, options: row.options, correct: row.correct })))
    .onConflictDoNothing({ target: triviaQuestions.seedKey })
    .returning({ id: triviaQuestions.id });
  return inserted.length;
}
