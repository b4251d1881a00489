import type { DbOrTx } from '../../db/client.ts';
import { callLedgerFunction, type LedgerFunction, type MovementResultJson } from '../../ledger/movement.ts';
import { type StaleReference, staleReference } from '../reference/index.ts';
import type { JudgedAnswer } from './trivia.grading.ts';
import { selectRightOptions } from './trivia.repository.ts';

/**
 * This process's copy of the bank's right options (question id as text -> options[correct]), per database pool. It
 * is never trusted: trivia_answer checks the option of every answer it grades against the bank and answers
 * `questions` when one differs (an operator's edit, a question added), and the caller reloads it.
 */
const banks = new WeakMap<object, Map<string, string | null>>();

export async function rightOptions(db: DbOrTx, pool: object, reload: boolean): Promise<Map<string, string | null>> {
  let bank = banks.get(pool);
  if (!bank || reload) {
    bank = new Map((await selectRightOptions(db)).map((row) => [row.id, row.right]));
    banks.set(pool, bank);
  }
  return bank;
}

/** What the caller worked out before the call: the reference copy's version, the day, the amounts and the texts. */
export interface AnswerRequest {
  memberId: bigint;
  countryId: number;
  referenceVersion: string;
  at: Date;
  /** The operator day at `at`, and the 60 s + grace after a round's start, in milliseconds. */
  today: string;
  deadlineMs: number;
  answers: readonly JudgedAnswer[];
  /** For each number of correct answers (index): the pay in system and local units and the local amount shown. */
  amounts: readonly { system: bigint; local: bigint; text: string }[];
  currency: string;
  rateMicro: bigint;
  houseCode: string;
  winCode: string;
  /** format() strings: the ledger memo (day, correct) and the notification (correct, total, amount). */
  memo: string;
  notice: string;
}

/** The answer of `trivia_answer` (migration 0528), in the order it checks. */
export type AnswerOutcome =
  | { status: 'no_member' }
  | StaleReference
  | { status: 'questions' }
  | { status: 'not_started' }
  | { status: 'already' }
  | { status: 'graded'; correct: number; total: number; late: boolean; movement: MovementResultJson | null };

interface AnswerJson extends Partial<Omit<MovementResultJson, 'status'>> {
  status: string;
  version?: string;
  country_id?: number;
  correct?: number;
  total?: number;
  late?: boolean;
}

const ANSWER: LedgerFunction = 'trivia_answer';
/** trivia_answer raised this when the day's key had been used for another request (everything rolled back). */
export const KEY_CONFLICT = 'TZ005';

/**
 * A submission in one call to PostgreSQL (decision 065): the member's country and the reference version checked,
 * the latest round locked and checked, the answers graded, the round closed and the pay moved, one statement.
 */
export async function answerInOneCall(db: DbOrTx, request: AnswerRequest): Promise<AnswerOutcome> {
  const json = await callLedgerFunction<AnswerJson>(
    db,
    ANSWER,
    {
      member_id: request.memberId,
      country_id: request.countryId,
      reference_version: request.referenceVersion,
      at: request.at,
      today: request.today,
      deadline_ms: request.deadlineMs,
      answers: request.answers,
      amounts: request.amounts,
      currency: request.currency,
      rate_micro: request.rateMicro,
      house_code: request.houseCode,
      win_code: request.winCode,
      memo: request.memo,
      notice: request.notice,
    },
    {},
  );
  switch (json.status) {
    case 'stale':
      return staleReference(json, request.countryId);
    case 'no_member':
      return { status: 'no_member' };
    case 'questions':
      return { status: 'questions' };
    case 'not_started':
      return { status: 'not_started' };
    case 'already':
      return { status: 'already' };
    default:
      return {
        status: 'graded',
        correct: json.correct ?? 0,
        total: json.total ?? 0,
        late: json.late ?? false,
        movement: json.status === 'graded' ? null : (json as unknown as MovementResultJson),
      };
  }
}
