import type { UserData } from '@tuzo/contracts';
import type { ChangeFeed, FeedStamp } from '../../lib/change-feed.ts';
import type { AppDeps } from '../../lib/deps.ts';

/** How long an answer is kept after it was built (app clock): well inside the 2^32 transactions before `xmin` repeats. */
export const ANSWER_TTL_MS = 10 * 60_000;
/**
 * Answers kept per process at most; the least recently built goes first. About 3 kB of heap each with the endpoint's
 * checked copy (measured), so 30 MB at most.
 */
export const MAX_ANSWERS = 10_000;

interface Entry {
  key: string;
  data: UserData;
  storedAt: number;
  /** Set when the answer was read while the change feed was live and no notification waited (decision 064). */
  stamp: FeedStamp | null;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * The last `userdata` answer built for each member in this process, under the fingerprint of what it was built from
 * (userdata.read-model.ts, decision 043). A poll whose fingerprint and operator's day match is answered with it; any
 * other poll rebuilds it. Answers are frozen: the endpoint sends the same object to every matching poll.
 */
export class UserDataAnswers {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly max = MAX_ANSWERS,
    private readonly ttlMs = ANSWER_TTL_MS,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  find(memberId: bigint, key: string, now: Date): UserData | null {
    const entry = this.entries.get(memberId.toString());
    if (!entry || entry.key !== key) return null;
    const age = now.getTime() - entry.storedAt;
    return age >= 0 && age <= this.ttlMs ? entry.data : null;
  }

  /**
   * The member's answer of the operator's `day` when the change feed says nothing it is made of changed since it was
   * read (decision 064): no fingerprint needed, so no statement.
   */
  findCurrent(memberId: bigint, day: string, now: Date, feed: ChangeFeed): UserData | null {
    const entry = this.entries.get(memberId.toString());
    if (!entry?.stamp || !entry.key.startsWith(`${day}|`) || !feed.isCurrent(memberId, entry.stamp)) return null;
    const age = now.getTime() - entry.storedAt;
    return age >= 0 && age <= this.ttlMs ? entry.data : null;
  }

  /** Keeps the answer under `key` (`day|fingerprint`); `stamp` (when its read started) lets findCurrent use it. */
  keep(memberId: bigint, key: string, data: UserData, now: Date, stamp: FeedStamp | null = null): UserData {
    const id = memberId.toString();
    this.entries.delete(id);
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const frozen = deepFreeze(data);
    this.entries.set(id, { key, data: frozen, storedAt: now.getTime(), stamp });
    return frozen;
  }
}

const answersByApp = new WeakMap<AppDeps, UserDataAnswers>();

/** The app's answers (one set per app: tests run several apps, on several databases, in one process). */
export function userDataAnswers(deps: AppDeps): UserDataAnswers {
  let answers = answersByApp.get(deps);
  if (!answers) {
    answers = new UserDataAnswers();
    answersByApp.set(deps, answers);
  }
  return answers;
}
