import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';

/**
 * Text PostgreSQL cannot hold never reaches a query: a NUL character (`text` and `jsonb` refuse U+0000) or half of a
 * surrogate pair (not Unicode; the driver would silently store U+FFFD instead). Every string and every key of a
 * request's query, path parameters and body is checked before any handler runs, and nesting is bounded, so a new
 * field or route inherits the rule (docs/decisions/023-bad-input-and-replays.md).
 */

/** Deeper than any contract goes (the deepest, a country's tariff, is 3); a deeper body is refused, not walked. */
export const MAX_NESTING = 16;

const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemOf(text: string): string | null {
  if (text.includes(NUL)) return 'contains a NUL character (U+0000), which cannot be stored';
  if (LONE_SURROGATE.test(text)) return 'contains a broken character (half of a surrogate pair), which cannot be stored';
  return null;
}

function describe(path: readonly string[], fallback: string): string {
  return path.length === 0 ? fallback : path.join('.');
}

/**
 * The first problem in a value parsed from JSON, a query string or a text body, as a sentence naming the field
 * (`username contains a NUL character ...`), or null when every string can be stored.
 */
export function findUnstorableText(value: unknown, whole = 'The request'): string | null {
  const visit = (item: unknown, path: string[]): string | null => {
    if (typeof item === 'string') {
      const problem = problemOf(item);
      return problem ? `${describe(path, whole)} ${problem}` : null;
    }
    if (typeof item !== 'object' || item === null || Buffer.isBuffer(item)) return null;
    if (path.length >= MAX_NESTING) return `${describe(path, whole)} is nested too deeply (at most ${MAX_NESTING} levels)`;
    const entries = Array.isArray(item) ? item.map((element, index) => [String(index), element] as const) : Object.entries(item);
    for (const [key, element] of entries) {
      const keyProblem = problemOf(key);
      if (keyProblem) return `A field name in ${describe(path, whole)} ${keyProblem}`;
      const found = visit(element, [...path, key]);
      if (found) return found;
    }
    return null;
  };
  return visit(value, []);
}

/** Throws 400 VALIDATION_FAILED naming the field when a value holds text PostgreSQL cannot store. */
export function assertStorableText(value: unknown, whole?: string): void {
  const problem = findUnstorableText(value, whole);
  if (problem) throw new AppError('VALIDATION_FAILED', problem);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks its input's text itself, at its own point of the request flow (the action endpoint). */
    checksTextInHandler?: boolean;
  }
}

function checkRequestText(request: FastifyRequest): void {
  assertStorableText(request.params, 'The address');
  assertStorableText(request.query, 'The query string');
  assertStorableText(request.body, 'The request body');
}

/**
 * Every route that does not check its own input (webhooks, the uploads, the CSV import, the exports' query strings,
 * and any route added later) has its query, path and body checked before its handler. Register before the routes.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config?.checksTextInHandler) return;
    checkRequestText(request);
  });
}
