import type { AdminFourEyesData, ApprovalKind, ApprovalRequestedData } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { countActiveOperators } from './approvals.repository.ts';
import { loadFourEyesThreshold, requestApproval } from './approvals.service.ts';

/** Decision 044: changes that control money as requests, and whether four-eyes can work at all. */

/**
 * A change that controls money (staff management, a money-control setting, a country's rates and fees) as a request:
 * it concerns no member and moves no amount; `params` keeps what changes, from what to what.
 */
export async function requestChange(
  deps: AppDeps,
  input: {
    kind: ApprovalKind;
    requestedBy: bigint;
    params: Record<string, unknown>;
    targetRef: string;
    reason: string;
    ip: string;
  },
): Promise<ApprovalRequestedData> {
  return requestApproval(deps, {
    ...input,
    memberId: null,
    amountSystemMinor: null,
    amountMinor: null,
    currency: null,
    thresholdMinor: await loadFourEyesThreshold(deps),
  });
}

/**
 * `adminfoureyes`: with fewer than two operators who can sign in (enabled, authenticator enrolled), four-eyes cannot
 * work: every request waits, and the console says so on every page.
 */
export async function readFourEyesStatus(deps: AppDeps): Promise<AdminFourEyesData> {
  const operators = await countActiveOperators(deps.db);
  return { operators, can_work: operators >= 2 };
}
