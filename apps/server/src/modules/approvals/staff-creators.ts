import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { selectStaffCreators, type ApprovalRequestRow } from './approvals.repository.ts';

/** Decision 044: a staff account created through the console never decides for the operators who made it. */

/** The operators who asked for and approved a staff account made through the console; empty for other accounts. */
export async function findStaffCreators(db: DbOrTx, staffId: bigint): Promise<bigint[]> {
  return selectStaffCreators(db, staffId);
}

export const CREATOR_DECIDES_MSG =
  'This staff account was created at the request (or with the approval) of the operator who asked for this; another operator must decide it';

/**
 * Who may decide a request besides its requester's own cancel: never a staff account created through the console at
 * the requester's request or with their approval (either could have held its enrolment link), so one operator cannot
 * approve their own requests through an account they brought into being.
 */
export async function refuseCreatedByRequester(
  db: DbOrTx,
  input: { request: ApprovalRequestRow; deciderId: bigint },
): Promise<void> {
  const creators = await selectStaffCreators(db, input.deciderId);
  if (creators.includes(input.request.requestedBy)) throw new AppError('FORBIDDEN', CREATOR_DECIDES_MSG);
}
