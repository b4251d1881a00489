import {
  TRIVIA_IMPORT_HEADER,
  TRIVIA_IMPORT_MAX_ROWS,
  TriviaOptionsSchema,
  TriviaQuestionTextSchema,
  type AdminTriviaData,
  type AdminTriviaImportData,
  type AdminTriviaPayload,
  type AdminTriviaRetirePayload,
  type AdminTriviaRow,
  type AdminTriviaSavePayload,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { saveAudited, setActiveAudited, writeAudit, type AuditedSubject, type OperatorStamp } from '../audit/index.ts';
import { parseCsv } from './csv-parse.ts';
import {
  insertTriviaQuestions,
  selectTriviaPage,
  selectTriviaQuestionForUpdate,
  updateTriviaQuestion,
  type TriviaQuestionRow,
  type TriviaQuestionValues,
} from './trivia-bank.repository.ts';

/** The console's trivia bank (`admintrivia`, `admintriviasave`, `admintriviaretire` and the CSV import route). */
const QUESTION: AuditedSubject = { noun: 'question', action: 'trivia', targetType: 'trivia_question' };

function toTriviaRow(row: TriviaQuestionRow): AdminTriviaRow {
  return {
    id: row.id.toString(),
    question: row.question,
    options: row.options,
    correct: row.correct,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

const auditValues = (row: TriviaQuestionRow) => ({
  question: row.question,
  options: row.options,
  correct: row.correct,
  active: row.active,
});

/** `admintrivia`: one page of the bank, newest first. */
export async function listTrivia(deps: AppDeps, input: AdminTriviaPayload): Promise<AdminTriviaData> {
  const { rows, total } = await selectTriviaPage(deps.db, {
    q: input.q,
    status: input.status,
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
  });
  return { rows: rows.map(toTriviaRow), page: input.page, limit: input.limit, total };
}

/** `admintriviasave`: adds a question, or edits one (locked, audited with the values before and after). */
export async function saveTrivia(deps: AppDeps, input: AdminTriviaSavePayload & OperatorStamp): Promise<AdminTriviaRow> {
  const values: TriviaQuestionValues = {
    question: input.question,
    options: input.options,
    correct: input.correct,
    active: input.active,
  };
  const row = await saveAudited(deps, QUESTION, {
    ...input,
    lock: selectTriviaQuestionForUpdate,
    write: async (tx, before) => {
      if (before !== null && input.id !== undefined) return updateTriviaQuestion(tx, input.id, values);
      const [created] = await insertTriviaQuestions(tx, [values]);
      if (!created) throw new Error('The question insert returned no row');
      return created;
    },
    targetId: (written) => written.id,
    audit: (before) => ({ before: before && auditValues(before), after: values }),
  });
  return toTriviaRow(row);
}

/** `admintriviaretire`: a retired question is no longer drawn for new rounds; rounds already started keep it. */
export async function retireTrivia(deps: AppDeps, input: AdminTriviaRetirePayload & OperatorStamp): Promise<AdminTriviaRow> {
  const write = (tx: Parameters<typeof updateTriviaQuestion>[0], id: bigint, active: boolean) =>
    updateTriviaQuestion(tx, id, { active });
  return toTriviaRow(await setActiveAudited(deps, QUESTION, { ...input, lock: selectTriviaQuestionForUpdate, write }));
}
/**
 * The CSV import: every data row is checked on its own; the valid ones are inserted in one transaction with one
 * audit row (the count and the rejected lines), the rejected ones reported with their line and reason. A file
 * with no valid row inserts nothing and writes no audit row.
 */
export async function importTrivia(deps: AppDeps, input: { csv: string } & OperatorStamp): Promise<AdminTriviaImportData> {
  const { records, brokenLine } = parseCsv(input.csv);
  const [header, ...rows] = records;
  const expected = TRIVIA_IMPORT_HEADER.join(',');
  if (!header || header.cells.map((cell) => cell.trim().toLowerCase()).join(',') !== expected) {
    throw new AppError('VALIDATION_FAILED', `The first line must be the header ${expected}`);
  }
  if (rows.length === 0) throw new AppError('VALIDATION_FAILED', 'The file has no question rows');
  if (rows.length > TRIVIA_IMPORT_MAX_ROWS)
    throw new AppError('VALIDATION_FAILED', `At most ${TRIVIA_IMPORT_MAX_ROWS} rows per file; this one has ${rows.length}`);
  const rejected: AdminTriviaImportData['rejected'] = [];
  const valid: TriviaQuestionValues[] = [];
  for (const row of rows) {
    const checked = checkImportRow(row.cells);
    if (typeof checked === 'string') rejected.push({ line: row.line, reason: checked });
    else valid.push(checked);
  }
  if (brokenLine !== null) rejected.push({ line: brokenLine, reason: 'A quoted field is never closed' });
  if (valid.length > 0) {
    await deps.db.transaction(async (tx) => {
      await insertTriviaQuestions(tx, valid);
      await writeAudit(tx, {
        actorId: input.operatorId,
        action: 'trivia.import',
        targetType: 'trivia_question',
        after: {
          inserted: valid.length,
          rejected: rejected.length,
          rejected_lines: rejected.slice(0, 100).map((item) => item.line),
        },
        ip: input.ip,
      });
    });
  }
  return { inserted: valid.length, rejected };
}

const LETTERS = ['a', 'b', 'c', 'd'];

/** One data row as values, or the reason it is refused. */
function checkImportRow(cells: string[]): TriviaQuestionValues | string {
  if (cells.length !== TRIVIA_IMPORT_HEADER.length)
    return `Expected ${TRIVIA_IMPORT_HEADER.length} columns, found ${cells.length}`;
  const [questionCell, a, b, c, d, correctCell] = cells as [string, string, string, string, string, string];
  const question = TriviaQuestionTextSchema.safeParse(questionCell);
  if (!question.success) return question.error.issues[0]?.message ?? 'Invalid question';
  const options = TriviaOptionsSchema.safeParse([a, b, c, d]);
  if (!options.success) return options.error.issues[0]?.message ?? 'Invalid options';
  const correct = resolveCorrect(correctCell.trim(), options.data);
  if (correct === null) return 'correct must be A, B, C, D (or 1-4, or the text of one of the options)';
  return { question: question.data, options: options.data, correct, active: true };
}

function resolveCorrect(value: string, options: string[]): number | null {
  const lower = value.toLowerCase();
  if (LETTERS.includes(lower)) return LETTERS.indexOf(lower) + 1;
  if (/^[1-4]$/.test(value)) return Number(value);
  const byText = options.findIndex((option) => option.toLowerCase() === lower);
  return byText === -1 || lower === '' ? null : byText + 1;
}
