import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type pg from 'pg';

/** What services need from the running app; built once in app.ts and handed to every action. */
export interface AppDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  log: FastifyBaseLogger;
  /** The address members and providers reach this server at. */
  publicUrl: () => string;
  /** Extension point for later modules (payments clients etc.), keyed by module name. */
  services: Record<string, unknown>;
}
