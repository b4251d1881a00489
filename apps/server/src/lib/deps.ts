import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { ReferenceCache } from '../modules/reference/index.ts';
import type { Payments } from '../payments/index.ts';
import type { CommitScope } from './after-commit.ts';
import type { ChangeFeed } from './change-feed.ts';
import type { Clock } from './clock.ts';
import type { RandomSource } from './random.ts';
import type { SecretBox } from './secret-box.ts';

/**
 * What services need from the running app: built once in app.ts and handed to every action, every field typed.
 * Tests build the same app with their own clock and random source (`BuildAppOptions`), never a mock of our code.
 */
export interface AppDeps {
  config: Config;
  db: Db;
  /**
   * A read replica (`DATABASE_READ_URL`) for read-heavy pages that may lag a moment: team pages, the console
   * overview. Never for a member's own money (wallets, balances, transactions): those read `db` (decision 055).
   */
  readDb?: Db;
  pool: pg.Pool;
  log: FastifyBaseLogger;
  clock: Clock;
  random: RandomSource;
  /** Seals and opens stored secrets (TOTP) under TUZO_SECRET_KEY (docs/decisions/022-secret-keys.md). */
  secrets: SecretBox;
  /** The address members and providers reach this server at. */
  publicUrl: () => string;
  /** This process's copy of settings, countries, fees and tariffs, checked against `reference_version` per read. */
  reference: ReferenceCache;
  /** The provider clients and webhook secrets, built with the app (their URLs read `publicUrl` when called). */
  payments: Payments;
  /**
   * The process's change feed (LISTEN on the writers' triggers): sessions and `userdata` answers are kept while it is
   * live (decision 064). Absent when the app is built without it (the fingerprint path of decision 043 only).
   */
  changes?: ChangeFeed;
  /**
   * Set while an `Idempotency-Key` request's transaction is open (`db` is then that transaction): work that must wait
   * for its commit (provider calls) is deferred through it (lib/after-commit.ts, decision 047).
   */
  commit?: CommitScope;
}
