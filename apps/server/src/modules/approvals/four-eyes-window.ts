import type { ApprovalRequestedData } from '@tuzo/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import {
  insertStaffMoneyCount,
  lockMemberFourEyes,
  selectStaffMoneyWindow,
  type NewApprovalRequest,
} from './approvals.repository.ts';
import { loadFourEyesThreshold, requestApproval } from './approvals.service.ts';

/**
 * The four-eyes threshold counts what one member receives from staff actions over a rolling 24 hours of the app clock
 * (docs/decisions/044-four-eyes-one-person-cannot-get-round.md), not per call: adjustments (by size, a removal counts
 * as much as a credit), manual deposits, codes credited for a typed amount and the commissions an upline change pays.
 * Pending requests for the member count too, so splitting an amount into requests and one-operator actions does not
 * get round it.
 */

export const FOUR_EYES_WINDOW_MS = 24 * 60 * 60 * 1000;

export type StaffMoneySource = 'adjust' | 'deposit' | 'code' | 'upline';

/** What a staff money action paid (or removed) per member, system currency, by size. */
export type StaffCredit = { memberId: bigint; amountSystemMinor: bigint };

/** The inner services run on the window's transaction (their own transactions become savepoints of it). */
function onTransaction(deps: AppDeps, tx: DbOrTx): AppDeps {
  return { ...deps, db: tx as unknown as Db };
}

class OverTheWindow extends Error {
  constructor() {
    super('The staff money action goes above the four-eyes window; rolled back to become a request');
  }
}

/** Adds up the credits per member (an upline change may pay one member on two levels). */
function byMember(credits: readonly StaffCredit[]): StaffCredit[] {
  const sums = new Map<bigint, bigint>();
  for (const credit of credits) {
    if (credit.amountSystemMinor === 0n) continue;
    const size = credit.amountSystemMinor < 0n ? -credit.amountSystemMinor : credit.amountSystemMinor;
    sums.set(credit.memberId, (sums.get(credit.memberId) ?? 0n) + size);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([memberId, amountSystemMinor]) => ({ memberId, amountSystemMinor }));
}

/** True when a member's window (counted + pending + this action) would go above the threshold. Locks each member. */
async function isAboveWindow(
  deps: AppDeps,
  tx: DbOrTx,
  input: { credits: StaffCredit[]; thresholdMinor: bigint },
): Promise<boolean> {
  const since = new Date(deps.clock.now().getTime() - FOUR_EYES_WINDOW_MS);
  for (const credit of input.credits) await lockMemberFourEyes(tx, credit.memberId);
  for (const credit of input.credits) {
    const window = await selectStaffMoneyWindow(tx, { memberId: credit.memberId, since });
    if (window.countedMinor + window.pendingMinor + credit.amountSystemMinor > input.thresholdMinor) return true;
  }
  return false;
}

/** Records what the members received, in the movement's transaction (one operator alone, or an approval). */
export async function countStaffMoney(
  deps: AppDeps,
  tx: DbOrTx,
  input: { credits: readonly StaffCredit[]; source: StaffMoneySource; approvalId: bigint | null; staffIds: bigint[] },
): Promise<void> {
  const at = deps.clock.now();
  for (const credit of byMember(input.credits)) {
    await insertStaffMoneyCount(tx, {
      ...credit,
      source: input.source,
      approvalId: input.approvalId,
      staffIds: input.staffIds,
      at,
    });
  }
}

/**
 * A staff money action under the rolling window, in one transaction. Each member credited is locked (an advisory
 * lock, in id order, so two operators' actions for one member take turns) and their window summed: with the amounts
 * known beforehand (`credits`: an adjustment, a deposit, a typed code) before the action runs, else (an upline change,
 * whose commissions are known once the tree has moved) after it ran on the window's transaction. At or below the
 * threshold the action commits with its count rows (what it answers it paid: nothing for a replay); above it
 * everything rolls back and the action becomes a request (`request`) that a second operator approves.
 */
export async function runWithinFourEyesWindow<T>(
  deps: AppDeps,
  input: {
    operatorId: bigint;
    ip: string;
    source: StaffMoneySource;
    credits?: StaffCredit[];
    request: (credits: StaffCredit[]) => Omit<NewApprovalRequest, 'at' | 'requestedBy'>;
    execute: (inner: AppDeps) => Promise<{ result: T; credits: StaffCredit[] }>;
  },
): Promise<T | ApprovalRequestedData> {
  const thresholdMinor = await loadFourEyesThreshold(deps);
  let credits: StaffCredit[] = byMember(input.credits ?? []);
  try {
    return await deps.db.transaction(async (tx) => {
      if (input.credits && (await isAboveWindow(deps, tx, { credits, thresholdMinor }))) throw new OverTheWindow();
      const done = await input.execute(onTransaction(deps, tx));
      if (!input.credits) {
        credits = byMember(done.credits);
        if (await isAboveWindow(deps, tx, { credits, thresholdMinor })) throw new OverTheWindow();
      }
      await countStaffMoney(deps, tx, {
        credits: done.credits,
        source: input.source,
        approvalId: null,
        staffIds: [input.operatorId],
      });
      return done.result;
    });
  } catch (error) {
    if (!(error instanceof OverTheWindow)) throw error;
  }
  return requestApproval(deps, { ...input.request(credits), requestedBy: input.operatorId, ip: input.ip, thresholdMinor });
}
