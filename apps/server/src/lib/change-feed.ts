import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The change feed (docs/decisions/064-quiet-poll-from-a-change-feed.md): one connection per process, outside the pool,
 * reads every `pollMs` what committed since its last read in `member_changes`, which the triggers of migration 0520
 * fill with the id of the member whose session or `userdata` answer a write may change (`*`: everything). What the
 * process keeps (sessions, answers) is stamped when its read starts and used only while the feed is live and nothing
 * was recorded for that member since the stamp.
 *
 * Each read returns the statement's snapshot (`pg_current_snapshot()`) with the rows that are visible in it and were
 * not in the previous read's snapshot: exactly the changes committed in between, whatever order transactions commit in.
 * Live means: the connection is up and a read sent less than `freshMs` ago has come back. Whatever is kept is then at
 * most `freshMs` behind the database; a dropped connection sends every request back to PostgreSQL at once, a stuck
 * one within `freshMs`.
 */
export interface ChangeFeedOptions {
  pollMs: number;
  freshMs: number;
  reconnectMs: number;
}

export const CHANGE_FEED_DEFAULTS: ChangeFeedOptions = { pollMs: 250, freshMs: 1000, reconnectMs: 500 };

/** A read in flight longer than this counts as stuck: the connection is replaced. */
const STUCK_MS = 5_000;
/** Reads further apart than this (a stall): everything kept is forgotten, rows may have been pruned meanwhile. */
const GAP_MS = 5_000;
/** Rows are pruned once the snapshot of this many reads ago no longer needs them (30 s at 250 ms). */
const PRUNE_AFTER_READS = 120;
/** Members remembered as changed at most; beyond, everything kept is forgotten at once (an epoch). */
const MAX_CHANGED_MEMBERS = 200_000;

const READ_CHANGES = `SELECT pg_current_snapshot()::text AS snapshot,
  ARRAY(SELECT DISTINCT member_id FROM member_changes
        WHERE xid >= pg_snapshot_xmin($1::pg_snapshot)::text::bigint
          AND NOT pg_visible_in_snapshot(xid::text::xid8, $1::pg_snapshot)) AS changed`;

/**
 * Real elapsed time in ms, monotonic: the freshness bound is about the database connection, not the app's day, so it
 * does not read the app clock (a test's SettableClock stands still) nor the wall clock (it may step).
 */
const monotonicMs = (): number => performance.now();

/** When a read started: kept values are current while no change for their member came after it. */
export interface FeedStamp {
  epoch: number;
  seq: number;
}

export class ChangeFeed {
  private client: pg.Client | null = null;
  private epoch = 0;
  private seq = 0;
  private readonly changedAt = new Map<string, number>();
  /** The snapshot of the last read, and when that read was sent (monotonic ms). */
  private snapshot = '';
  private confirmedSentAt = Number.NEGATIVE_INFINITY;
  private readSentAt: number | null = null;
  /** The xmin of each recent read's snapshot, oldest first: the first is the pruning horizon. */
  private readonly horizons: string[] = [];
  private reads = 0;
  private pollTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Failed attempts to connect in a row: the wait before the next one doubles, up to a minute. */
  private failures = 0;
  /** Times the feed has connected and read its first snapshot (tests and logs). */
  connects = 0;
  private notLive = 0;
  /** Reads confirmed since the process started (tests: a read sent after a write has been seen). */
  private confirmed = 0;

  constructor(
    private readonly databaseUrl: string,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    private readonly options: ChangeFeedOptions = CHANGE_FEED_DEFAULTS,
  ) {}

  /** Starts reading in the background; until the first read is back the feed is not live. */
  start(): void {
    this.pollTimer = setInterval(() => this.poll(), this.options.pollMs);
    this.pollTimer.unref();
    void this.connect();
  }

  get isLive(): boolean {
    return this.client !== null && monotonicMs() - this.confirmedSentAt < this.options.freshMs;
  }

  /** A stamp to take just before a read whose result may be kept, or null when nothing may be kept now. */
  stamp(): FeedStamp | null {
    if (this.isLive) return { epoch: this.epoch, seq: this.seq };
    this.notLive += 1;
    return null;
  }

  /** Whether a value about `memberId` read after `stamp` may be used (or kept) now. */
  isCurrent(memberId: bigint | string, stamp: FeedStamp): boolean {
    if (!this.isLive) {
      this.notLive += 1;
      return false;
    }
    return stamp.epoch === this.epoch && (this.changedAt.get(memberId.toString()) ?? -1) <= stamp.seq;
  }

  /**
   * The epoch, how many times a kept value was asked for while the feed was not live, and how many reads have come
   * back (tests and logs).
   */
  get state(): { epoch: number; notLive: number; reads: number } {
    return { epoch: this.epoch, notLive: this.notLive, reads: this.confirmed };
  }

  /**
   * The member's data was changed by this process and the change has committed: what was kept for the member before
   * is no longer used (the feed's next read would say so; this spares the member's next request the wait).
   */
  touch(memberId: bigint): void {
    this.markChanged(memberId.toString());
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'tuzo-change-feed' });
    client.on('error', (error) => this.drop(client, error));
    client.on('end', () => this.drop(client, null));
    try {
      await client.connect();
      const first = await client.query<{ snapshot: string }>('SELECT pg_current_snapshot()::text AS snapshot');
      this.failures = 0;
      if (this.closed) {
        await client.end();
        return;
      }
      // Reading again: nothing kept before can be trusted (changes while it was down were not read).
      this.forgetAll();
      this.snapshot = first.rows[0]?.snapshot ?? '';
      this.horizons.length = 0;
      this.client = client;
      this.connects += 1;
      this.poll();
    } catch (error) {
      this.log.warn({ err: error }, 'change feed: could not connect; requests read PostgreSQL until it does');
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      this.scheduleReconnect();
    }
  }

  private poll(): void {
    const client = this.client;
    if (!client) return;
    if (this.readSentAt !== null) {
      if (monotonicMs() - this.readSentAt > STUCK_MS) this.drop(client, new Error('the change feed read is stuck'));
      return;
    }
    const sentAt = monotonicMs();
    this.readSentAt = sentAt;
    client
      .query<{ snapshot: string; changed: string[] }>(READ_CHANGES, [this.snapshot])
      .then(async (result) => {
        if (client !== this.client) return;
        this.readSentAt = null;
        const row = result.rows[0];
        if (!row) return;
        if (sentAt - this.confirmedSentAt > GAP_MS) this.forgetAll();
        for (const id of row.changed) {
          if (id === '*') this.forgetAll();
          else this.markChanged(id);
        }
        this.snapshot = row.snapshot;
        this.confirmedSentAt = Math.max(this.confirmedSentAt, sentAt);
        this.confirmed += 1;
        await this.prune(client, row.snapshot);
      })
      .catch((error: unknown) => this.drop(client, error));
  }

  /** Deletes the rows no live reader needs: those below the snapshot xmin of PRUNE_AFTER_READS reads ago. */
  private async prune(client: pg.Client, snapshot: string): Promise<void> {
    this.horizons.push(snapshot.split(':')[0] ?? '0');
    if (this.horizons.length <= PRUNE_AFTER_READS) return;
    const horizon = this.horizons.shift() ?? '0';
    this.reads += 1;
    // Every 40th read (10 s); the other reads only move the horizon.
    if (this.reads % 40 === 0) await client.query('DELETE FROM member_changes WHERE xid < $1', [horizon]);
  }

  private markChanged(id: string): void {
    if (this.changedAt.size >= MAX_CHANGED_MEMBERS) this.forgetAll();
    this.seq += 1;
    this.changedAt.set(id, this.seq);
  }

  private forgetAll(): void {
    this.epoch += 1;
    this.changedAt.clear();
  }

  private drop(client: pg.Client, error: unknown): void {
    if (client !== this.client) return;
    this.client = null;
    this.forgetAll();
    this.readSentAt = null;
    this.confirmedSentAt = Number.NEGATIVE_INFINITY;
    if (!this.closed) this.log.warn({ err: error }, 'change feed: connection lost; requests read PostgreSQL until it is back');
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const waitMs = Math.min(60_000, this.options.reconnectMs * 2 ** Math.min(this.failures, 7));
    this.failures += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, waitMs);
    this.reconnectTimer.unref();
  }
}

interface Entry<V> {
  memberId: string;
  stamp: FeedStamp;
  value: V;
}

/**
 * Values about members kept under a key (a session's token hash), each with the stamp of the read it came from:
 * `find` answers only while the feed says the value is current; `keep` refuses a value whose member changed since.
 */
export class FeedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly feed: ChangeFeed,
    private readonly max = 50_000,
  ) {}

  find(key: string): V | null {
    const entry = this.entries.get(key);
    return entry && this.feed.isCurrent(entry.memberId, entry.stamp) ? entry.value : null;
  }

  keep(key: string, memberId: bigint, stamp: FeedStamp, value: V): void {
    if (!this.feed.isCurrent(memberId, stamp)) return;
    this.entries.delete(key);
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { memberId: memberId.toString(), stamp, value });
  }
}
