import { localToSystemMinor, parseAmountToMinor, parseRateToMicro } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { StartupRefusal } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { hashPassword, unusablePasswordHash } from '../auth/index.ts';
import {
  countTariffBrackets,
  ensureCountry,
  ensureCountryFees,
  findCountryFees,
  insertTariffBrackets,
  resolveSignupCountry,
  type CountryRow,
} from '../countries/index.ts';
import { seedSetting } from '../settings/index.ts';
import { activateAccount } from '../activation/index.ts';
import { recordPaidManualDeposit } from '../deposits/index.ts';
import { insertMember, setOperatorPassword } from '../members/index.ts';
import { fromMemberAmount, loadMemberCurrency } from '../wallets/index.ts';
import { DEMO_MEMBERS, DEMO_PASSWORD, HOUSE_USERNAME, SEED_COUNTRIES, type SeedCountry } from './reference-data.ts';
import { countRegularMembers, hasDefaultCountry, lockSeed, selectHouse, selectMemberIdByUsername } from './seed.repository.ts';

/** Settings stored at the first start so the operator sees (and can change) their values. */
const SEEDED_SETTINGS = ['grouplink', 'customer_care', 'daily_target', 'daily_reward', 'task_wallet_unlock'] as const;

/**
 * Start-up seeding, idempotent and safe when two processes start together (advisory lock, one transaction):
 * reference countries, fees and tariffs when missing; the house account; the operator from TUZO_ADMIN_*; and,
 * on an empty system with TUZO_DEMO_SEED, a demo team.
 */
export async function seedOnStartup(deps: AppDeps): Promise<void> {
  const demoCreated = await deps.db.transaction(async (tx) => {
    await lockSeed(tx);
    await seedCountries(tx);
    for (const key of SEEDED_SETTINGS) await seedSetting(tx, key);
    const defaultCountry = await resolveSignupCountry(tx, undefined);
    const now = deps.clock.now();
    const houseId = await seedHouse(tx, defaultCountry, now);
    const { TUZO_ADMIN_USERNAME: adminName, TUZO_ADMIN_PASSWORD: adminPassword } = deps.config;
    if (adminName && adminPassword)
      await seedOperator(tx, { username: adminName, password: adminPassword, country: defaultCountry, now });
    if (!deps.config.TUZO_DEMO_SEED || (await countRegularMembers(tx)) > 0) return false;
    await seedDemoTeam(tx, houseId, now);
    return true;
  });
  if (demoCreated) {
    await fundDemoTeam(deps);
    const usernames = DEMO_MEMBERS.map((member) => member.username).join(', ');
    deps.log.info(`Demo members created (password "${DEMO_PASSWORD}" for each): ${usernames}`);
  }
}

function toMinor(text: string): bigint {
  const minor = parseAmountToMinor(text);
  if (minor === null) throw new Error(`Bad seed amount: ${text}`);
  return minor;
}

async function seedCountries(tx: DbOrTx): Promise<void> {
  let hasDefault = await hasDefaultCountry(tx);
  for (const seed of SEED_COUNTRIES) {
    const countryId = await ensureCountry(tx, {
      name: seed.name,
      dial: seed.dial,
      abbreviation: seed.abbreviation,
      currency: seed.currency,
      rateMicro: rateOf(seed),
      isDefault: seed.isDefault && !hasDefault,
      sortOrder: seed.sortOrder,
    });
    hasDefault ||= seed.isDefault;
    const { creg, fl1, fl2, fl3, cbonus, minWith } = seed.fees;
    await ensureCountryFees(tx, {
      countryId,
      cregMinor: toMinor(creg),
      fl1Minor: toMinor(fl1),
      fl2Minor: toMinor(fl2),
      fl3Minor: toMinor(fl3),
      cbonusMinor: toMinor(cbonus),
      minWithMinor: toMinor(minWith),
    });
    if ((await countTariffBrackets(tx, countryId)) === 0) {
      const rows = seed.tariffs.map(([min, max, tariff]) => ({
        countryId,
        minMinor: toMinor(min),
        maxMinor: toMinor(max),
        tariffMinor: toMinor(tariff),
      }));
      await insertTariffBrackets(tx, rows);
    }
  }
}

function rateOf(seed: SeedCountry): bigint {
  const micro = parseRateToMicro(seed.rate);
  if (micro === null) throw new Error(`Bad seed rate for ${seed.name}: ${seed.rate}`);
  return micro;
}

/** The house account: the root of the tree for members without a sponsor. It never signs in. */
async function seedHouse(tx: DbOrTx, country: CountryRow, now: Date): Promise<bigint> {
  const existing = await selectHouse(tx);
  if (existing) return existing.id;
  return insertMember(tx, {
    username: HOUSE_USERNAME,
    email: 'house@tuzo.local',
    phone: '+0000000000',
    passwordHash: await unusablePasswordHash(),
    countryId: country.id,
    l1Id: null,
    l2Id: null,
    l3Id: null,
    status: 'active',
    role: 'member',
    isHouse: true,
    signupBonusMinor: 0n,
    activatedAt: now,
    joinedAt: now,
  });
}

/**
 * Creates the bootstrap operator, or sets the configured password of the existing operator of that name. A name
 * held by any other account (a member who registered it first, a support account, the house) stops the start with
 * one sentence and leaves that account untouched: the seed never promotes an account nor keeps its email
 * (docs/decisions/019-staff-are-not-members.md).
 */
async function seedOperator(
  tx: DbOrTx,
  input: { username: string; password: string; country: CountryRow; now: Date },
): Promise<void> {
  if (!/^[A-Za-z0-9_]{1,40}$/.test(input.username))
    throw new Error('TUZO_ADMIN_USERNAME may only contain letters, digits and underscores');
  const existing = await selectMemberIdByUsername(tx, input.username);
  if (existing && (existing.role !== 'operator' || existing.isHouse))
    throw new StartupRefusal(bootstrapRefusal(input.username, existing));
  const passwordHash = await hashPassword(input.password);
  if (existing) {
    await setOperatorPassword(tx, { id: existing.id, passwordHash, at: input.now });
    await writeAudit(tx, {
      actorId: null,
      action: 'seed.operator_password',
      targetType: 'member',
      targetId: existing.id,
      before: { role: existing.role },
      after: { role: 'operator' },
    });
    return;
  }
  const id = await insertMember(tx, {
    username: input.username,
    email: `${input.username.toLowerCase()}@operator.tuzo.local`,
    // Operators have no real phone; a value outside every dial plan keeps the unique index satisfied.
    phone: `+000${input.username.toLowerCase()}`.slice(0, 60),
    passwordHash,
    countryId: input.country.id,
    l1Id: null,
    l2Id: null,
    l3Id: null,
    status: 'active',
    role: 'operator',
    isHouse: false,
    signupBonusMinor: 0n,
    activatedAt: input.now,
    joinedAt: input.now,
  });
  await writeAudit(tx, {
    actorId: null,
    action: 'seed.operator_create',
    targetType: 'member',
    targetId: id,
    after: { username: input.username, role: 'operator' },
  });
}

/** The one sentence a refused bootstrap prints: which account holds the name, and what to do. */
export function bootstrapRefusal(username: string, holder: { role: string; isHouse: boolean }): string {
  const who = holder.isHouse ? 'the house account' : holder.role === 'support' ? 'a support account' : 'a member account';
  return `TUZO_ADMIN_USERNAME is "${username}", but that name already belongs to ${who}, not an operator; set TUZO_ADMIN_USERNAME to a name nobody holds and start again (the account was left unchanged).`;
}

async function seedDemoTeam(tx: DbOrTx, houseId: bigint, now: Date): Promise<void> {
  // The demo team lives in the default country (Kenya unless an operator changed it before the first start).
  const kenya = await resolveSignupCountry(tx, undefined);
  const fees = await findCountryFees(tx, kenya.id);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const chain = new Map<string, { id: bigint; l1Id: bigint | null; l2Id: bigint | null }>();
  for (const demo of DEMO_MEMBERS) {
    const sponsor = demo.sponsor ? chain.get(demo.sponsor) : { id: houseId, l1Id: null, l2Id: null };
    if (!sponsor) throw new Error(`Demo sponsor ${String(demo.sponsor)} must come before ${demo.username}`);
    const id = await insertMember(tx, {
      username: demo.username,
      email: `${demo.username}@tuzo.local`,
      phone: demo.phone,
      passwordHash,
      countryId: kenya.id,
      l1Id: sponsor.id,
      l2Id: sponsor.l1Id,
      l3Id: sponsor.l2Id,
      // Active demo members are activated by fundDemoTeam, through the ledger, once the team exists.
      status: 'inactive',
      role: 'member',
      isHouse: false,
      signupBonusMinor: localToSystemMinor(fees.cbonusMinor, kenya.rateMicro),
      activatedAt: null,
      joinedAt: now,
    });
    chain.set(demo.username, { id, l1Id: sponsor.id, l2Id: sponsor.l1Id });
  }
}

/**
 * Gives the demo team real money: a starting deposit recorded like any other (a completed manual deposit row whose
 * ledger posting comes from provider:manual, so it appears in the member's Recent Deposits), then the normal
 * activation for the members meant to be active, in sponsor order, so every upline holds real commissions.
 */
async function fundDemoTeam(deps: AppDeps): Promise<void> {
  for (const demo of DEMO_MEMBERS) {
    const memberId = (await selectMemberIdByUsername(deps.db, demo.username))?.id;
    if (memberId === undefined) continue;
    const localMinor = toMinor(demo.startingDeposit);
    if (localMinor > 0n) await recordDemoDeposit(deps, { memberId, username: demo.username, phone: demo.phone, localMinor });
    if (demo.isActive) await activateAccount(deps, { memberId, sendSms: false });
  }
}

/**
 * One starting deposit through the deposits' own path: a pending row, then completeDeposit (ledger posting, row
 * completed, member notified). The receipt holds a hyphen, which no member-typed code can, so it never collides.
 */
async function recordDemoDeposit(
  deps: AppDeps,
  input: { memberId: bigint; username: string; phone: string; localMinor: bigint },
): Promise<void> {
  const receipt = `DEMO-${input.username.replace(/^demo_/, '').toUpperCase()}`;
  await deps.db.transaction(async (tx) => {
    const currency = await loadMemberCurrency(tx, input.memberId);
    const amount = fromMemberAmount(input.localMinor, currency);
    await recordPaidManualDeposit(tx, {
      memberId: input.memberId,
      amountLocalMinor: input.localMinor,
      currency: currency.currency,
      rateMicro: currency.rateMicro,
      amountSystemMinor: amount.systemMinor,
      phone: input.phone,
      providerRef: receipt,
      idempotencyKey: `demo:${input.username}`,
      createdAt: deps.clock.now(),
      // Nothing posted when an earlier start already recorded it.
      postingKey: `demo:deposit:${input.username}`,
      memo: 'Demo starting deposit',
      at: deps.clock.now(),
      sendSms: false,
    });
  });
}
