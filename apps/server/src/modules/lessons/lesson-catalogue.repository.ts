import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The operator's catalogue of lessons (migration 0140): the console's list, edits and retirements (through
 * admin-lessons.service.ts). Owned here with the rest of the table's SQL.
 */

export type LessonRow = {
  id: string;
  kind: 'forex' | 'crypto';
  part: number;
  title: string;
  summary: string;
  link: string | null;
  active: boolean;
};
const LESSON_COLUMNS = sql`id::text, kind, part, title, summary, link, active`;

export async function selectAllLessons(db: DbOrTx, kind: string | undefined): Promise<LessonRow[]> {
  const where = kind === undefined ? sql`` : sql`WHERE kind = ${kind}`;
  const result = await db.execute<LessonRow>(sql`SELECT ${LESSON_COLUMNS} FROM lessons ${where} ORDER BY kind, part LIMIT 500`);
  return result.rows;
}

export async function selectLessonForUpdate(tx: DbOrTx, id: bigint): Promise<LessonRow | null> {
  const result = await tx.execute<LessonRow>(sql`SELECT ${LESSON_COLUMNS} FROM lessons WHERE id = ${id} FOR UPDATE`);
  return result.rows[0] ?? null;
}

/** Writes a lesson; null when its kind and part belong to another lesson (the UNIQUE constraint). */
export async function upsertLesson(
  tx: DbOrTx,
  id: bigint | null,
  v: { kind: string; part: number; title: string; summary: string; link: string | null; active: boolean },
): Promise<LessonRow | null> {
  const result =
    id === null
      ? await tx.execute<LessonRow>(sql`
          INSERT INTO lessons (kind, part, title, summary, link, active) VALUES (${v.kind}, ${v.part}, ${v.title}, ${v.summary}, ${v.link}, ${v.active})
          ON CONFLICT (kind, part) DO NOTHING RETURNING ${LESSON_COLUMNS}`)
      : await tx
          .execute<LessonRow>(
            sql`
            UPDATE lessons SET kind = ${v.kind}, part = ${v.part}, title = ${v.title}, summary = ${v.summary}, link = ${v.link}, active = ${v.active}
            WHERE id = ${id} AND NOT EXISTS (SELECT 1 FROM lessons o WHERE o.kind = ${v.kind} AND o.part = ${v.part} AND o.id <> ${id})
            RETURNING ${LESSON_COLUMNS}`,
          )
          // Two operators moving different lessons onto one kind and part at once: the UNIQUE index refuses the second,
          // which is the same answer as the NOT EXISTS above (null: the caller reports a conflict, never a 500).
          .catch((error: unknown) => {
            if (isUniqueViolation(error)) return { rows: [] as LessonRow[] };
            throw error;
          });
  return result.rows[0] ?? null;
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === '23505' || cause.cause?.code === '23505';
}
