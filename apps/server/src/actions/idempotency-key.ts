import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';

/** The key a caller sends and the hash of the request it names (idempotency.ts uses both). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

/** The `Idempotency-Key` header, else `idempotency_key` in the payload; null without one. */
export function readIdempotencyKey(request: FastifyRequest, payload: unknown): string | null {
  const header = request.headers['idempotency-key'];
  const fromPayload =
    typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>).idempotency_key : undefined;
  const key = typeof header === 'string' ? header : typeof fromPayload === 'string' ? fromPayload : null;
  if (key === null) return null;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new AppError('BAD_REQUEST', 'The idempotency key must be 8 to 100 letters, digits or -_.:');
  return key;
}

/** JSON with object keys sorted at every level, so the same content always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([key, item]) => key !== 'idempotency_key' && item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHashOf(payload: unknown): string {
  return createHash('sha256').update(canonical(payload)).digest('hex');
}
