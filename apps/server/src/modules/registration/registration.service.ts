import { localToSystemMinor, type RegisterPayload } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { hashPassword } from '../auth/index.ts';
import { findCountryFees, listCountries, resolveChosenCountry } from '../countries/index.ts';
import { recordSignals, type RawSignals } from '../fraud-signals/index.ts';
import { insertMember } from '../members/index.ts';
import { matchDial, normalisePhone } from './phone.ts';
import {
  isEmailTaken,
  isPhoneTaken,
  isUsernameTaken,
  selectHouseAccount,
  selectSponsorByUsername,
} from './registration.repository.ts';

/** The stored phone form, for a member correcting their phone (decision 040) as for sign-up. */
export { normalisePhone } from './phone.ts';

export const TAKEN_MESSAGES = {
  username: 'Username is already taken',
  email: 'Email is already registered',
  phone: 'Phone number is already registered',
} as const;

/** The unique indexes of `members` (migration 0001) and the message each one means. */
const UNIQUE_INDEX_MESSAGES: Record<string, string> = {
  members_username_lower: TAKEN_MESSAGES.username,
  members_email_lower: TAKEN_MESSAGES.email,
  members_phone: TAKEN_MESSAGES.phone,
};

/**
 * Registers a new, inactive member. The checks before the insert give the right message in the common case;
 * the unique indexes decide under concurrency, and their violation is mapped to the same 409 messages.
 */
export async function registerMember(
  deps: AppDeps,
  input: RegisterPayload,
  seen: Pick<RawSignals, 'device' | 'ip'> = {},
): Promise<{ memberId: bigint }> {
  const country = await resolveChosenCountry(deps.db, input.country);
  const phone = normalisePhone(input.phone, country.dial);
  const email = input.email.trim();
  await assertAvailable(deps.db, { username: input.username, email, phone });
  const upline = await resolveUpline(deps.db, input.upline ?? null);
  const fees = await findCountryFees(deps.db, country.id);
  const passwordHash = await hashPassword(input.password);
  try {
    const joinedAt = deps.clock.now();
    const memberId = await deps.db.transaction(async (tx) => {
      const id = await insertMember(tx, {
        username: input.username,
        email,
        phone,
        passwordHash,
        countryId: country.id,
        ...upline,
        signupBonusMinor: localToSystemMinor(fees.cbonusMinor, country.rateMicro),
        language: input.language ?? 'en',
        joinedAt,
      });
      // Multi-account signals (decision 061): device, address, email and phone seen at sign-up.
      await recordSignals(tx, deps, { memberId: id, event: 'signup', at: joinedAt, signals: { ...seen, email, phone } });
      return id;
    });
    return { memberId };
  } catch (error) {
    const message = uniqueViolationMessage(error);
    if (message) throw new AppError('CONFLICT', message);
    throw error;
  }
}

async function assertAvailable(db: DbOrTx, input: { username: string; email: string; phone: string }): Promise<void> {
  if (await isUsernameTaken(db, input.username)) throw new AppError('CONFLICT', TAKEN_MESSAGES.username);
  if (await isEmailTaken(db, input.email)) throw new AppError('CONFLICT', TAKEN_MESSAGES.email);
  if (await isPhoneTaken(db, input.phone)) throw new AppError('CONFLICT', TAKEN_MESSAGES.phone);
}

/**
 * l1 = the sponsor, l2 = the sponsor's l1, l3 = the sponsor's l2. Without a sponsor, or with an unknown one, the
 * member goes under the house account. A suspended sponsor is still accepted: the link they shared stays valid,
 * and the activation rules already pay a suspended upline nothing (business-rules.md, Activation).
 */
async function resolveUpline(db: DbOrTx, uplineUsername: string | null) {
  const named = uplineUsername?.trim();
  const sponsor = (named ? await selectSponsorByUsername(db, named) : null) ?? (await selectHouseAccount(db));
  if (!sponsor) throw new Error('The house account is missing (the start-up seed has not run)');
  return { l1Id: sponsor.id, l2Id: sponsor.l1Id, l3Id: sponsor.l2Id };
}

/** The message for a unique violation on a `members` index, looking through driver wrappers; null otherwise. */
export function uniqueViolationMessage(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505' && typeof candidate.constraint === 'string') {
      return UNIQUE_INDEX_MESSAGES[candidate.constraint] ?? null;
    }
    current = candidate.cause;
  }
  return null;
}

/** `freeuser` / `freeemail` / `freephone`: throws the 409 when taken. */
export async function assertUsernameFree(deps: AppDeps, username: string): Promise<void> {
  if (await isUsernameTaken(deps.db, username)) throw new AppError('CONFLICT', TAKEN_MESSAGES.username);
}

export async function assertEmailFree(deps: AppDeps, email: string): Promise<void> {
  if (await isEmailTaken(deps.db, email)) throw new AppError('CONFLICT', TAKEN_MESSAGES.email);
}

/**
 * The client sends the dial code joined with the number and no country; the dial code it starts with is used
 * to normalise it the way `register` will. With `country` given, that country's dial code is used instead.
 */
export async function assertPhoneFree(deps: AppDeps, input: { phone: string; country?: string | undefined }): Promise<void> {
  const countries = await listCountries(deps);
  const chosen = input.country ? countries.find((country) => country.id === input.country) : undefined;
  const dial =
    chosen?.dial ??
    matchDial(
      input.phone,
      countries.map((country) => country.dial),
    );
  const phone = dial ? normalisePhone(input.phone, dial) : `+${input.phone.trim().replace(/^\+/, '')}`;
  if (await isPhoneTaken(deps.db, phone)) throw new AppError('CONFLICT', TAKEN_MESSAGES.phone);
}
