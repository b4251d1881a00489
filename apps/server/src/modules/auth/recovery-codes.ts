import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RandomSource } from '../../lib/random.ts';
import { encodeBase32 } from './totp.ts';

/**
 * One-time recovery codes (docs/decisions/022-secret-keys.md): 80 random bits each, written as 16 base32 characters
 * in four groups (`k7qm-2xwd-9fzp-aa3t`, case, spaces and hyphens ignored when typed), shown once and stored only as
 * a salted HMAC-SHA-256. A fast hash is enough here: unlike a password, a code is uniformly random with 80 bits, so
 * guessing it from a stolen hash takes about 2^79 tries whatever the hash costs; the per-code random salt makes
 * every stored value unique, so no table of precomputed hashes or comparison across rows helps.
 */
export const RECOVERY_CODE_BYTES = 10;
const RECOVERY_CODE_CHARS = (RECOVERY_CODE_BYTES * 8) / 5;
const SALT_BYTES = 16;
const SCHEME = 'hmac-sha256';

export function newRecoveryCode(random: RandomSource): string {
  const text = encodeBase32(random.bytes(RECOVERY_CODE_BYTES)).toLowerCase();
  return text.match(/.{4}/g)!.join('-');
}

/** The code's 16 characters as typed (any case, spaces or hyphens anywhere), or null when it cannot be a code. */
export function normalizeRecoveryCode(typed: string): string | null {
  const text = typed.toLowerCase().replace(/[\s-]/g, '');
  return new RegExp(`^[a-z2-7]{${RECOVERY_CODE_CHARS}}$`).test(text) ? text : null;
}

function digest(salt: Buffer, normalized: string): Buffer {
  return createHmac('sha256', salt).update(normalized).digest();
}

/** `hmac-sha256$<salt>$<digest>` (base64url) of a normalized code, with a fresh random salt. */
export function hashRecoveryCode(normalized: string): string {
  const salt = randomBytes(SALT_BYTES);
  return [SCHEME, salt.toString('base64url'), digest(salt, normalized).toString('base64url')].join('$');
}

export function isRecoveryCodeMatch(normalized: string, stored: string): boolean {
  const [scheme, salt, expected] = stored.split('$');
  if (scheme !== SCHEME || !salt || !expected) return false;
  const given = digest(Buffer.from(salt, 'base64url'), normalized);
  const wanted = Buffer.from(expected, 'base64url');
  return wanted.length === given.length && timingSafeEqual(wanted, given);
}
