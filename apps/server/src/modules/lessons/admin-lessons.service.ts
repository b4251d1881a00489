import type { AdminLessonRow, AdminLessonSavePayload } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { saveAudited, type AuditedSubject, type OperatorStamp } from '../audit/index.ts';
import { selectAllLessons, selectLessonForUpdate, upsertLesson } from './lesson-catalogue.repository.ts';

/** The console's lessons (`adminlessons`, `adminlessonsave` in admin-content). */
const LESSON: AuditedSubject = { noun: 'lesson', action: 'lesson', targetType: 'lesson' };

/** Every lesson of a kind (or of both), by kind and part. */
export async function listLessonCatalogue(
  deps: AppDeps,
  kind: 'forex' | 'crypto' | undefined,
): Promise<{ rows: AdminLessonRow[] }> {
  return { rows: await selectAllLessons(deps.db, kind) };
}

/** Adds or edits a lesson; a kind and part another lesson holds is refused. Audited. */
export async function saveCatalogueLesson(deps: AppDeps, input: AdminLessonSavePayload & OperatorStamp): Promise<AdminLessonRow> {
  const values = {
    kind: input.kind,
    part: input.part,
    title: input.title,
    summary: input.summary,
    link: input.link ?? null,
    active: input.active,
  };
  return saveAudited(deps, LESSON, {
    ...input,
    lock: selectLessonForUpdate,
    write: async (tx) => {
      const row = await upsertLesson(tx, input.id ?? null, values);
      if (!row) throw new AppError('CONFLICT', `There is already a ${input.kind} lesson part ${input.part}`);
      return row;
    },
    targetId: (row) => row.id,
    audit: (before, after) => ({ before, after }),
  });
}
