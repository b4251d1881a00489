import { hash, verify } from '@node-rs/argon2';
import { newOpaqueToken } from './tokens.ts';

/**
 * argon2id (the library's default algorithm) with the OWASP minimum parameters: 19 MiB, 2 passes, 1 lane.
 * Stored as the PHC string, so the parameters can be raised later without breaking existing hashes.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for anything that is not a valid hash (an unusable password). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random secret nobody knows: the house account has one, so no password ever matches it. */
export async function unusablePasswordHash(): Promise<string> {
  return hashPassword(newOpaqueToken());
}

let dummyHash: Promise<string> | null = null;
/**
 * Verifies against a fixed throw-away hash, so a login for an unknown account costs as long as one for a real
 * account and response times do not reveal which usernames exist.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(newOpaqueToken());
  await verifyPassword(await dummyHash, password);
}
