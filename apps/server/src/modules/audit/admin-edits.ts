import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from './audit.service.ts';

/**
 * An operator's edit of a catalogue row (videos, ads, timetable rows, lessons, trivia questions): the row is locked,
 * a missing one refused, the write and its audit row made in one transaction. The console's texts are built here from
 * the subject: "Video not found", "The video is already retired", audit actions `video.add`, `video.edit`,
 * `video.retire`, `video.restore`.
 */
export interface AuditedSubject {
  /** The row in the operator's words: `video`, `timetable row`, `question`. */
  noun: string;
  /** The audit action's prefix: `video`, `timetable`, `trivia`. */
  action: string;
  targetType: string;
}

/** Who made the change, as the audit row names them. */
export interface OperatorStamp {
  operatorId: bigint;
  ip: string;
}

const notFound = (subject: AuditedSubject) =>
  new AppError('NOT_FOUND', `${subject.noun.charAt(0).toUpperCase()}${subject.noun.slice(1)} not found`);

/**
 * Adds a row (no id) or edits one (locked first; refused when missing), audited as `<action>.add` or `<action>.edit`
 * with what `audit` makes of the row before (null on an add) and after.
 */
export async function saveAudited<Id, Before, Row>(
  deps: Pick<AppDeps, 'db'>,
  subject: AuditedSubject,
  input: OperatorStamp & {
    id?: Id | undefined;
    lock: (tx: DbOrTx, id: Id) => Promise<Before | null>;
    write: (tx: DbOrTx, before: Before | null) => Promise<Row>;
    targetId: (row: Row) => string | number | bigint;
    audit: (before: Before | null, row: Row) => { before: unknown; after: unknown };
  },
): Promise<Row> {
  return deps.db.transaction(async (tx) => {
    const before = input.id === undefined ? null : await input.lock(tx, input.id);
    if (input.id !== undefined && before === null) throw notFound(subject);
    const row = await input.write(tx, before);
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: `${subject.action}.${before ? 'edit' : 'add'}`,
      targetType: subject.targetType,
      targetId: input.targetId(row),
      ...input.audit(before, row),
      ip: input.ip,
    });
    return row;
  });
}

/**
 * Retires (`active: false`) or restores a row: locked, refused when missing or already so, audited as
 * `<action>.retire` or `<action>.restore` with the flag before and after.
 */
export async function setActiveAudited<Id extends string | number | bigint, Row>(
  deps: Pick<AppDeps, 'db'>,
  subject: AuditedSubject,
  input: OperatorStamp & {
    id: Id;
    active: boolean;
    lock: (tx: DbOrTx, id: Id) => Promise<{ active: boolean } | null>;
    write: (tx: DbOrTx, id: Id, active: boolean) => Promise<Row>;
  },
): Promise<Row> {
  return deps.db.transaction(async (tx) => {
    const before = await input.lock(tx, input.id);
    if (!before) throw notFound(subject);
    if (before.active === input.active)
      throw new AppError('CONFLICT', `The ${subject.noun} is already ${input.active ? 'active' : 'retired'}`);
    const row = await input.write(tx, input.id, input.active);
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: `${subject.action}.${input.active ? 'restore' : 'retire'}`,
      targetType: subject.targetType,
      targetId: input.id,
      before: { active: before.active },
      after: { active: input.active },
      ip: input.ip,
    });
    return row;
  });
}
