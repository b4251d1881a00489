import type { AdminTimetableRow, AdminTimetableSavePayload } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { saveAudited, writeAudit, type AuditedSubject, type OperatorStamp } from '../audit/index.ts';
import {
  deleteTimetable,
  selectAllTimetable,
  selectTimetableForUpdate,
  upsertTimetable,
} from './timetable-catalogue.repository.ts';

/** The console's timetable (`admintimetable`, `admintimetablesave`, `admintimetabledelete` in admin-content). */
const TIMETABLE_ROW: AuditedSubject = { noun: 'timetable row', action: 'timetable', targetType: 'timetable_task' };

/** Every row, in the members' order. */
export async function listTimetableCatalogue(deps: AppDeps): Promise<{ rows: AdminTimetableRow[] }> {
  return { rows: await selectAllTimetable(deps.db) };
}

/** Adds or edits a row; audited. */
export async function saveTimetableRow(
  deps: AppDeps,
  input: AdminTimetableSavePayload & OperatorStamp,
): Promise<AdminTimetableRow> {
  const values = { name: input.name, dates: input.dates, sortOrder: input.sort_order, active: input.active };
  return saveAudited(deps, TIMETABLE_ROW, {
    ...input,
    lock: selectTimetableForUpdate,
    write: (tx) => upsertTimetable(tx, input.id ?? null, values),
    targetId: (row) => row.id,
    audit: (before, after) => ({ before, after }),
  });
}

/** Deletes a row (locked first; refused when missing), audited with the row it was. */
export async function deleteTimetableRow(deps: AppDeps, input: { id: number } & OperatorStamp): Promise<AdminTimetableRow> {
  return deps.db.transaction(async (tx) => {
    const before = await selectTimetableForUpdate(tx, input.id);
    if (!before) throw new AppError('NOT_FOUND', 'Timetable row not found');
    await deleteTimetable(tx, input.id);
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: 'timetable.delete',
      targetType: TIMETABLE_ROW.targetType,
      targetId: input.id,
      before,
      ip: input.ip,
    });
    return before;
  });
}
