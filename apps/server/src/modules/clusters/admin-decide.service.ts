import {
  formatMinor,
  type AdminDecideClusterData,
  type AdminDecideClusterPayload,
  type ApprovalRequestedData,
} from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { runAfterCommit } from '../../lib/after-commit.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { loadFourEyesThreshold, requestApproval, type ApprovalRequestRow } from '../approvals/index.ts';
import { writeAudit } from '../audit/index.ts';
import { suspendAccount } from '../auth/index.ts';
import { listClusterMembers, setClusterState } from '../fraud-signals/index.ts';
import { clearClusterFlags } from '../payout-risk/index.ts';
import { autoPayIfAllowed } from '../payouts/index.ts';
import { closeReviews, insertDecision, lockCluster, selectMemberStatuses } from './clusters.repository.ts';
import { selectClusterHolds } from './holds.repository.ts';
import { releaseHolds, reverseHolds } from './holds.service.ts';

/**
 * `admindecidecluster` (decision 062): an operator's decision on a cluster, with a note, audited. Clear releases its
 * held commissions once, clears the `cluster` flags on its members' pending withdrawals and marks it cleared; confirm
 * reverses the held commissions to the house once, suspends every account in it (sessions ended, as `adminsuspend`
 * does) and marks it confirmed. Above `four_eyes_threshold` (the held total) it becomes a `cluster` request that a
 * second operator approves (`executeClusterDecision`). The rule never decides: only these calls change its state.
 */

type Decision = AdminDecideClusterPayload['decision'];

export async function decideCluster(
  deps: AppDeps,
  input: AdminDecideClusterPayload & { operatorId: bigint; ip: string },
): Promise<AdminDecideClusterData | ApprovalRequestedData> {
  const clusterId = BigInt(input.id);
  const held = await selectClusterHolds(deps.db, { clusterId, state: 'held' });
  const heldTotal = held.reduce((sum, hold) => sum + hold.amountMinor, 0n);
  const thresholdMinor = await loadFourEyesThreshold(deps);
  if (heldTotal > thresholdMinor) {
    await assertDecidable(deps.db, clusterId);
    return requestApproval(deps, {
      kind: 'cluster',
      requestedBy: input.operatorId,
      memberId: null,
      amountSystemMinor: heldTotal,
      amountMinor: heldTotal,
      currency: deps.config.SYSTEM_CURRENCY,
      params: { cluster_id: clusterId.toString(), decision: input.decision, note: input.note, username: `cluster #${clusterId}` },
      targetRef: `cluster:${clusterId}`,
      reason: `${input.decision === 'clear' ? 'Clear' : 'Confirm'} cluster #${clusterId}: ${input.note}`,
      ip: input.ip,
      thresholdMinor,
    });
  }
  const done = await deps.db.transaction((tx) =>
    executeDecision(tx, deps, {
      clusterId,
      decision: input.decision,
      note: input.note,
      requestedBy: input.operatorId,
      decidedBy: input.operatorId,
      approvalId: null,
      ip: input.ip,
    }),
  );
  // A withdrawal with no open flag left goes on as it would have: auto-pay if its rules allow (decision 035).
  for (const id of done.cleared) await runAfterCommit(deps, (base) => autoPayIfAllowed(base, id));
  return done.data;
}

/** A `cluster` request approved by a second operator: the decision runs in the approval's transaction, once. */
export async function executeClusterDecision(
  deps: AppDeps,
  request: ApprovalRequestRow,
  input: { approverId: bigint; ip: string },
): Promise<Record<string, string>> {
  const decision = String(request.params.decision ?? '');
  if (decision !== 'clear' && decision !== 'confirm') throw new Error(`Approval request ${request.id} has no decision`);
  const { data, cleared } = await executeDecision(deps.db, deps, {
    clusterId: BigInt(String(request.params.cluster_id ?? '0')),
    decision,
    note: String(request.params.note ?? ''),
    requestedBy: request.requestedBy,
    decidedBy: input.approverId,
    approvalId: request.id,
    ip: input.ip,
  });
  // As for a decision without four-eyes, the withdrawals it freed go on to auto-pay once the approval has committed:
  // the approvals module runs them (approveAndSend), after its transaction.
  return {
    ...(cleared.length > 0 ? { freed_withdrawals: cleared.join(',') } : {}),
    cluster_id: data.id,
    state: data.state,
    released: String(data.released),
    reversed: String(data.reversed),
    suspended: String(data.suspended),
  };
}

/** The cluster exists, is not merged away and is not decided yet (locked when `db` is a transaction). */
async function assertDecidable(db: DbOrTx, clusterId: bigint): Promise<string> {
  const cluster = await lockCluster(db, clusterId);
  if (!cluster) throw new AppError('NOT_FOUND', 'Cluster not found');
  if (cluster.mergedInto !== null)
    throw new AppError('CONFLICT', `This cluster was merged into cluster #${cluster.mergedInto}: decide that one`);
  if (cluster.state === 'cleared' || cluster.state === 'confirmed')
    throw new AppError('ALREADY_DONE', `This cluster is already ${cluster.state}`);
  return cluster.state;
}

interface DecisionInput {
  clusterId: bigint;
  decision: Decision;
  note: string;
  requestedBy: bigint;
  decidedBy: bigint;
  approvalId: bigint | null;
  ip: string;
}

async function executeDecision(
  tx: DbOrTx,
  deps: AppDeps,
  input: DecisionInput,
): Promise<{ data: AdminDecideClusterData; cleared: bigint[] }> {
  const before = await assertDecidable(tx, input.clusterId);
  const at = deps.clock.now();
  const memberIds = await listClusterMembers(tx, input.clusterId);
  const holds = await selectClusterHolds(tx, { clusterId: input.clusterId, state: 'held', lock: true });
  const counts = { released: 0, reversed: 0, suspended: 0, flagsCleared: 0 };
  let cleared: bigint[] = [];
  if (input.decision === 'clear') {
    counts.released = await releaseHolds(tx, { holds, at, currency: deps.config.SYSTEM_CURRENCY });
    cleared = await clearClusterFlags(tx, { memberIds, operatorId: input.decidedBy, note: input.note, at });
    counts.flagsCleared = cleared.length;
  } else {
    counts.reversed = await reverseHolds(tx, { holds, at });
    counts.suspended = await suspendAll(tx, { memberIds, operatorId: input.decidedBy, note: input.note, at, ip: input.ip });
  }
  const state = input.decision === 'clear' ? 'cleared' : 'confirmed';
  await setClusterState(tx, { clusterId: input.clusterId, state, at });
  await closeReviews(tx, { memberIds, at });
  await insertDecision(tx, { ...input, ...counts, at });
  const heldMinor = holds.reduce((sum, hold) => sum + hold.amountMinor, 0n);
  await writeAudit(tx, {
    actorId: input.decidedBy,
    action: `cluster.${input.decision}`,
    targetType: 'cluster',
    targetId: input.clusterId,
    before: { state: before, held: formatMinor(heldMinor), holds: holds.length },
    after: {
      state,
      note: input.note,
      requestedBy: input.requestedBy.toString(),
      approvalId: input.approvalId?.toString() ?? null,
      ...counts,
    },
    ip: input.ip,
  });
  const { released, reversed, suspended } = counts;
  return { data: { id: input.clusterId.toString(), state, released, reversed, suspended }, cleared };
}

/** Suspends every member account of the cluster not suspended yet, ending their sessions, each audited. */
async function suspendAll(
  tx: DbOrTx,
  input: { memberIds: readonly bigint[]; operatorId: bigint; note: string; at: Date; ip: string },
): Promise<number> {
  let suspended = 0;
  for (const member of await selectMemberStatuses(tx, input.memberIds)) {
    if (member.status === 'suspended' || member.role !== 'member' || member.isHouse) continue;
    await suspendAccount(tx, {
      memberId: member.id,
      previousStatus: member.status,
      operatorId: input.operatorId,
      reason: `Cluster confirmed: ${input.note}`,
      at: input.at,
      ip: input.ip,
    });
    suspended += 1;
  }
  return suspended;
}
