import { formatMinor, type AskReviewData, type MyHoldsData } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { clusterOf } from '../fraud-signals/index.ts';
import { selectUsernames } from './admin-clusters.read-model.ts';
import { insertReview, selectOpenReview } from './clusters.repository.ts';
import { selectMemberHolds } from './holds.repository.ts';

/** A member's side of commission holds (decision 062): what is held and why, and asking for a review. */

/** The reason shown above the holds (a `msg`, so the Swahili coverage scan reads it). */
const HELD_REASON = {
  msg: 'Your commission is held while we check that the accounts in your team belong to different people. You can ask for a review.',
};

/** `myholds`: the member's holds (newest first), the reason in English (the action localises it), the review state. */
export async function loadMyHolds(deps: AppDeps, memberId: bigint): Promise<MyHoldsData> {
  const holds = await selectMemberHolds(deps.db, memberId);
  const cluster = await clusterOf(deps.db, memberId);
  const open = cluster ? await selectOpenReview(deps.db, { clusterId: cluster.id, memberId }) : null;
  const isHeld = holds.some((hold) => hold.state === 'held');
  const names = await selectUsernames(deps.db, [...new Set(holds.map((hold) => hold.fromMemberId))]);
  return {
    holds: holds.map((hold) => ({
      id: hold.id.toString(),
      from_member: names.get(hold.fromMemberId.toString()) ?? '',
      level: hold.level,
      amount: formatMinor(hold.amountMinor),
      currency: deps.config.SYSTEM_CURRENCY,
      state: hold.state,
      held_at: hold.heldAt.toISOString(),
    })),
    reason: isHeld ? HELD_REASON.msg : null,
    review_requested_at: open ? new Date(open.requested_at).toISOString() : null,
    can_request_review: isHeld && cluster !== null && open === null,
  };
}

/** `askreview`: one open request per member and cluster, only while something of theirs is held. */
export async function askReview(deps: AppDeps, input: { memberId: bigint; message: string }): Promise<AskReviewData> {
  const holds = await selectMemberHolds(deps.db, input.memberId);
  const cluster = await clusterOf(deps.db, input.memberId);
  if (!cluster || !holds.some((hold) => hold.state === 'held'))
    throw new AppError('CONFLICT', 'None of your commissions is held, so there is nothing to review');
  const at = deps.clock.now();
  const id = await insertReview(deps.db, { clusterId: cluster.id, memberId: input.memberId, message: input.message, at });
  if (id === null) throw new AppError('ALREADY_DONE', 'You already asked for a review; we will answer it soon');
  return { requested_at: at.toISOString() };
}
