import type { z } from 'zod';
import type { Access } from './action.ts';

/**
 * A route outside the action endpoint (the CSV exports, the ad image upload, the trivia CSV import), described for the
 * API document so it lists every route with its role, parameters and answers. Each module that registers such a
 * route exports its descriptions beside it; app.ts hands them to the endpoint, which publishes them with the actions.
 */
export interface RouteDoc {
  method: 'GET' | 'POST';
  /** The full path, e.g. `/api/admin/export/members`. */
  path: string;
  summary: string;
  access: Access;
  /** An object schema: one query parameter per property. */
  query?: z.ZodType;
  /** A raw (non-JSON) body: its content types and size limit. */
  body?: { contentTypes: readonly string[]; description: string; maxBytes: number };
  /** The success answer: the envelope with this `data`, or a file of this content type. */
  answer: { data: z.ZodType } | { file: string; description: string };
}
