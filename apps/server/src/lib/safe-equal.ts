import { createHash, timingSafeEqual } from 'node:crypto';

/** Constant-time string comparison for secrets (both sides hashed first, so their lengths never leak). */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}
