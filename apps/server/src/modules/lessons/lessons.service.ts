import { LESSON_MESSAGES, type EnrollData, type LessonDoneData, type LessonKind, type LessonsData } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import {
  countProgress,
  insertEnrolment,
  isEnrolled,
  selectActiveLesson,
  selectLessonsWithProgress,
  setLessonDone,
} from './lessons.repository.ts';

/** The console edits the lessons through these (admin-content's content.service); the table is this module's. */

/** `lessons`: the course's lessons by part, whether the member is enrolled, and their done marks. */
export async function listLessons(deps: AppDeps, input: { memberId: bigint; kind: LessonKind }): Promise<LessonsData> {
  const [enrolled, rows] = await Promise.all([isEnrolled(deps.db, input), selectLessonsWithProgress(deps.db, input)]);
  return {
    kind: input.kind,
    enrolled,
    lessons: rows.map((row) => ({
      id: row.id.toString(),
      part: row.part,
      title: row.title,
      summary: row.summary,
      link: row.link,
      done: row.done,
    })),
  };
}

/** `enroll`: records the enrolment (once; enrolling again changes nothing). */
export async function enroll(deps: AppDeps, input: { memberId: bigint; kind: LessonKind }): Promise<EnrollData> {
  await insertEnrolment(deps.db, { ...input, at: deps.clock.now() });
  return { kind: input.kind, enrolled: true };
}

/** `lessondone`: marks a lesson done (or not done) for a member enrolled in its course; answers their progress. */
export async function markLessonDone(
  deps: AppDeps,
  input: { memberId: bigint; lessonId: bigint; done: boolean },
): Promise<LessonDoneData> {
  const lesson = await selectActiveLesson(deps.db, input.lessonId);
  if (!lesson) throw new AppError('NOT_FOUND', LESSON_MESSAGES.lessonNotFound);
  if (!(await isEnrolled(deps.db, { memberId: input.memberId, kind: lesson.kind }))) {
    throw new AppError('FORBIDDEN', LESSON_MESSAGES.notEnrolled(lesson.kind));
  }
  await setLessonDone(deps.db, { ...input, at: deps.clock.now() });
  const progress = await countProgress(deps.db, { memberId: input.memberId, kind: lesson.kind });
  return { id: lesson.id.toString(), kind: lesson.kind, done: input.done, doneCount: progress.done, total: progress.total };
}
