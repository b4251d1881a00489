import type { AppDeps } from './deps.ts';

/**
 * Work that must not run while a request's transaction is open: a provider call (a payout sent to M-Pesa or
 * Flutterwave), or an event whose listeners do one (a withdrawal offered to auto-pay). It gets the app's own deps, on
 * the pool, once the transaction has committed.
 */
export type AfterCommitTask = (deps: AppDeps) => Promise<unknown>;

/**
 * The transaction an `Idempotency-Key` request runs in (actions/idempotency.ts, decision 047): its claim, its effects
 * and its stored answer commit together; the tasks deferred here run after that commit, in order, before the answer
 * is sent. A process killed in between leaves committed work that its own sweep finishes (a payout committed but
 * never sent is sent by the payout sweep), never a request half done.
 */
export interface CommitScope {
  defer: (task: AfterCommitTask) => void;
}

/**
 * Runs `task` now when no request transaction is open (`deps.commit` absent), else defers it until that transaction
 * has committed. Answers true when it ran now.
 */
export async function runAfterCommit(deps: AppDeps, task: AfterCommitTask): Promise<boolean> {
  if (deps.commit) {
    deps.commit.defer(task);
    return false;
  }
  await task(deps);
  return true;
}
