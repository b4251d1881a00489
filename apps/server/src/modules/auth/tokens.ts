import { createHash, randomBytes } from 'node:crypto';

/** A new opaque bearer token: 32 random bytes, base64url. Only its hash is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens carry 256 bits of entropy, so a fast hash is enough to make a stolen table useless. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
