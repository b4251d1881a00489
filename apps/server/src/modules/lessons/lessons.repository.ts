import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { LessonKind } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { lessonEnrolments, lessonProgress, lessons } from '../../db/schema.ts';

/** A course's active lessons by part, with the member's done marks. */
export async function selectLessonsWithProgress(db: DbOrTx, input: { memberId: bigint; kind: LessonKind }) {
  return db
    .select({
      id: lessons.id,
      part: lessons.part,
      title: lessons.title,
      summary: lessons.summary,
      link: lessons.link,
      done: sql<boolean>`${lessonProgress.lessonId} IS NOT NULL`,
    })
    .from(lessons)
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.memberId, input.memberId)))
    .where(and(eq(lessons.kind, input.kind), eq(lessons.active, true)))
    .orderBy(asc(lessons.part));
}

export async function isEnrolled(db: DbOrTx, input: { memberId: bigint; kind: LessonKind }): Promise<boolean> {
  const rows = await db
    .select({ kind: lessonEnrolments.kind })
    .from(lessonEnrolments)
    .where(and(eq(lessonEnrolments.memberId, input.memberId), eq(lessonEnrolments.kind, input.kind)))
    .limit(1);
  return rows.length > 0;
}

export async function insertEnrolment(db: DbOrTx, input: { memberId: bigint; kind: LessonKind; at: Date }): Promise<void> {
  await db
    .insert(lessonEnrolments)
    .values({ memberId: input.memberId, kind: input.kind, enrolledAt: input.at })
    .onConflictDoNothing();
}

export async function selectActiveLesson(db: DbOrTx, id: bigint) {
  const rows = await db
    .select({ id: lessons.id, kind: lessons.kind })
    .from(lessons)
    .where(and(eq(lessons.id, id), eq(lessons.active, true)))
    .limit(1);
  return rows[0] ?? null;
}

export async function setLessonDone(
  db: DbOrTx,
  input: { memberId: bigint; lessonId: bigint; done: boolean; at: Date },
): Promise<void> {
  if (input.done) {
    await db
      .insert(lessonProgress)
      .values({ memberId: input.memberId, lessonId: input.lessonId, doneAt: input.at })
      .onConflictDoNothing();
    return;
  }
  await db
    .delete(lessonProgress)
    .where(and(eq(lessonProgress.memberId, input.memberId), eq(lessonProgress.lessonId, input.lessonId)));
}

/** Done and total counts of a course's active lessons for one member. */
export async function countProgress(db: DbOrTx, input: { memberId: bigint; kind: LessonKind }) {
  const rows = await db
    .select({ total: count(lessons.id), done: count(lessonProgress.lessonId) })
    .from(lessons)
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.memberId, input.memberId)))
    .where(and(eq(lessons.kind, input.kind), eq(lessons.active, true)));
  return { total: rows[0]?.total ?? 0, done: rows[0]?.done ?? 0 };
}

/** Demo lessons: inserted once per (kind, part), never overwriting an operator's edit. */
export async function insertSeedLessons(
  db: DbOrTx,
  rows: readonly { kind: LessonKind; part: number; title: string; summary: string; link: string | null }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(lessons)
    .values([...rows])
    .onConflictDoNothing({ target: [lessons.kind, lessons.part] })
    .returning({ id: lessons.id });
  return inserted.length;
}
