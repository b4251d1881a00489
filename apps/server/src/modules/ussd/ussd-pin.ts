import { hash, verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyPassword } from '../auth/index.ts';

/**
 * The USSD PIN (decision 056): 4 digits, kept as an argon2id hash with the passwords' parameters, never logged.
 * Three wrong PINs in a row lock USSD withdrawals (`ussd_locked_at`) until the member unlocks them on the web with
 * the password (`unlockussd`). A right PIN resets the count.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const PIN_TRIES = 3;

export const isPin = (value: string): boolean => /^\d{4}$/.test(value);

export type PinCheck = { ok: true } | { ok: false; locked: boolean; left: number };

/** Checks a PIN typed on USSD against the member's hash, counting a wrong one (the third locks). */
export async function checkUssdPin(deps: AppDeps, input: { memberId: bigint; pinHash: string; pin: string }): Promise<PinCheck> {
  let isRight = false;
  try {
    isRight = isPin(input.pin) && (await verify(input.pinHash, input.pin));
  } catch {
    isRight = false;
  }
  if (isRight) {
    await deps.db.execute(sql`UPDATE members SET ussd_pin_failures = 0 WHERE id = ${input.memberId}`);
    return { ok: true };
  }
  const rows = await deps.db.execute<{ failures: number }>(sql`
    UPDATE members SET ussd_pin_failures = ussd_pin_failures + 1,
           ussd_locked_at = CASE WHEN ussd_pin_failures + 1 >= ${PIN_TRIES} THEN ${deps.clock.now()}::timestamptz
                                 ELSE ussd_locked_at END
     WHERE id = ${input.memberId} RETURNING ussd_pin_failures AS failures`);
  const failures = Number(rows.rows[0]?.failures ?? PIN_TRIES);
  return { ok: false, locked: failures >= PIN_TRIES, left: Math.max(0, PIN_TRIES - failures) };
}

/** Stores a new PIN's hash (the web with the password, or USSD after the old PIN). */
export async function storeUssdPin(deps: AppDeps, memberId: bigint, pin: string): Promise<void> {
  if (!isPin(pin)) throw new AppError('BAD_REQUEST', 'The USSD PIN must be 4 digits');
  const pinHash = await hash(pin, OPTIONS);
  await deps.db.execute(sql`UPDATE members SET ussd_pin_hash = ${pinHash}, ussd_pin_failures = 0 WHERE id = ${memberId}`);
}

async function assertPassword(deps: AppDeps, memberId: bigint, password: string): Promise<void> {
  const rows = await deps.db.execute<{ password_hash: string }>(sql`SELECT password_hash FROM members WHERE id = ${memberId}`);
  const passwordHash = rows.rows[0]?.password_hash;
  if (!passwordHash || !(await verifyPassword(passwordHash, password))) {
    throw new AppError('BAD_REQUEST', 'Current password is incorrect');
  }
}

/** `setussdpin`: the member's password, then the PIN twice; also clears a lock (the password proves the owner). */
export async function setUssdPin(
  deps: AppDeps,
  input: { memberId: bigint; pin: string; pinConfirmation: string; password: string },
): Promise<void> {
  if (input.pin !== input.pinConfirmation) throw new AppError('BAD_REQUEST', 'The two PINs do not match');
  await assertPassword(deps, input.memberId, input.password);
  await storeUssdPin(deps, input.memberId, input.pin);
  await deps.db.execute(sql`UPDATE members SET ussd_locked_at = NULL WHERE id = ${input.memberId}`);
}

/** `unlockussd`: the password unlocks USSD withdrawals and resets the wrong-PIN count. */
export async function unlockUssd(deps: AppDeps, input: { memberId: bigint; password: string }): Promise<void> {
  await assertPassword(deps, input.memberId, input.password);
  await deps.db.execute(sql`UPDATE members SET ussd_locked_at = NULL, ussd_pin_failures = 0 WHERE id = ${input.memberId}`);
}
