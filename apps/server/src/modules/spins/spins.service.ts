import {
  figureHundredths,
  formatMinor,
  localToSystemMinor,
  minimumStakeMessage,
  SPIN_ACCOUNTS,
  SPIN_MESSAGES,
  systemToLocalMinor,
  type SpinAccount,
  type SpinData,
  type SpinKind,
} from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { automaticKey } from '../../lib/random.ts';
import { AppError } from '../../lib/errors.ts';
import { accountCode } from '../../ledger/accounts.ts';
import { spins } from '../../db/schema.ts';
import { businessRow } from '../../ledger/business-row.ts';
import { recordMovement, type Leg } from '../../ledger/movement.ts';
import { checkCasinoAllowed } from './spins.guardrails.ts';
import { drawSegment } from './spins.fairness.ts';
import {
  advanceNonce,
  insertSpinWithoutMovement,
  lockWallets,
  selectSpinByKey,
  selectSpinMemberFacts,
  type SeedRow,
  type NewSpin,
  type SpinRow,
  type SpinMemberFacts,
} from './spins.repository.ts';
import { lockOrStartSeed } from './spins.seeds.ts';
import { casinoWinMinor, loadSpinSettings, minStakeLocalMinor, tableFor, toSpinData, type SpinSettings } from './spins.wheel.ts';

const CONFLICT_MESSAGE = 'This idempotency key was already used for a different spin';

/**
 * `requestSpin`: the stake leaves the chosen wallet into `house:spins` and stake x multiplier comes back into Jumbo,
 * one ledger transaction (no win leg when the multiplier is 0). One database transaction: the member's seed is
 * locked (spins of one member run one at a time and each uses the next nonce once), an earlier spin under the same
 * key is answered again, the guardrails and the minimum are checked, then the stake's wallet is locked and must
 * cover the stake on its own (the movement function checks net changes per account, and a win paid into the same
 * wallet must not fund its own stake).
 */
export async function spinCasino(
  deps: AppDeps,
  input: { memberId: bigint; acc: SpinAccount; stakeLocalMinor: bigint; clientKey: string | null },
): Promise<SpinData> {
  const wallet = SPIN_ACCOUNTS[input.acc];
  const idempotencyKey = automaticKey(deps.random, `casinospin:${input.memberId}`, input.clientKey);
  const settings = await loadSpinSettings(deps.db);
  return deps.db.transaction(async (tx) => {
    const seed = await lockOrStartSeed(tx, deps, input.memberId);
    const earlier = await selectSpinByKey(tx, idempotencyKey);
    if (earlier) return replayCasino(earlier, { wallet, stakeLocalMinor: input.stakeLocalMinor }, settings);

    const facts = await memberFacts(tx, input.memberId);
    const now = deps.clock.now();
    checkCasinoAllowed({ facts, disabledCountries: settings.disabledCountries, now, timeZone: deps.config.TUZO_TIMEZONE });
    const stakeSystemMinor = casinoStakeSystemMinor(input.stakeLocalMinor, settings, facts);

    const stakeAccount = { memberId: input.memberId, wallet };
    const balances = await lockWallets(tx, [
      accountCode(stakeAccount),
      accountCode({ memberId: input.memberId, wallet: 'balance' }),
    ]);
    if ((balances.get(accountCode(stakeAccount)) ?? 0n) < stakeSystemMinor)
      throw new AppError('INSUFFICIENT_FUNDS', SPIN_MESSAGES.insufficient);

    const drawn = await draw(tx, { seed, kind: 'casino', settings });
    const winSystemMinor = casinoWinMinor(stakeSystemMinor, drawn.figure);
    const legs = casinoLegs(stakeAccount, stakeSystemMinor, winSystemMinor);
    const row = spinRow({
      memberId: input.memberId,
      kind: 'casino',
      facts,
      seed,
      drawn,
      idempotencyKey,
      at: now,
      winSystemMinor,
    });
    const recorded = await recordMovement(tx, {
      kind: 'casino_spin',
      idempotencyKey,
      memberId: input.memberId,
      memo: `Casino spin: stake ${formatMinor(stakeSystemMinor)} x ${drawn.figure}`,
      conversion: { rateMicro: facts.rateMicro, localAmountMinor: input.stakeLocalMinor, currency: facts.currency },
      request: { wallet, stakeLocalMinor: input.stakeLocalMinor },
      at: now,
      insufficientMessage: SPIN_MESSAGES.insufficient,
      conflictMessage: CONFLICT_MESSAGE,
      legs,
      business: businessRow(spins, 'transactionId', {
        ...row,
        wallet,
        stakeLocalMinor: input.stakeLocalMinor,
        stakeSystemMinor,
      }),
    });
    if (!recorded.business) throw new Error(`Casino spin ${recorded.transactionId} has no spin row`);
    return toSpinData(recorded.business, settings);
  });
}

/** The casino's minimum stake, checked in the member's currency and again once converted; the stake in system units. */
function casinoStakeSystemMinor(stakeLocalMinor: bigint, settings: SpinSettings, facts: SpinMemberFacts): bigint {
  const minimum = minStakeLocalMinor(settings, facts.rateMicro);
  if (stakeLocalMinor < minimum) throw new AppError('LIMIT_NOT_MET', minimumStakeMessage(formatMinor(minimum), facts.currency));
  const stakeSystemMinor = localToSystemMinor(stakeLocalMinor, facts.rateMicro);
  if (stakeSystemMinor <= 0n) throw new AppError('LIMIT_NOT_MET', minimumStakeMessage(formatMinor(minimum), facts.currency));
  return stakeSystemMinor;
}

/** The stake into `house:spins`, and the win (when there is one) from `house:spins` into Jumbo. */
function casinoLegs(
  stakeAccount: { memberId: bigint; wallet: (typeof SPIN_ACCOUNTS)[SpinAccount] },
  stakeSystemMinor: bigint,
  winSystemMinor: bigint,
): Leg[] {
  return [
    { account: stakeAccount, amountMinor: -stakeSystemMinor },
    { account: { system: 'house:spins' }, amountMinor: stakeSystemMinor },
    ...(winSystemMinor > 0n
      ? [
          { account: { system: 'house:spins' as const }, amountMinor: -winSystemMinor },
          { account: { memberId: stakeAccount.memberId, wallet: 'balance' as const }, amountMinor: winSystemMinor },
        ]
      : []),
  ];
}

/**
 * `freespin`: once per member, ever (the spin row's partial UNIQUE index and the ledger key `freespin:<member>`
 * both hold it). The prize, in system units, goes from `house:spins` into Jumbo; a prize of 0 moves nothing and
 * only records the spin.
 */
export async function spinFree(deps: AppDeps, input: { memberId: bigint }): Promise<SpinData> {
  const idempotencyKey = `freespin:${input.memberId}`;
  const settings = await loadSpinSettings(deps.db);
  return deps.db.transaction(async (tx) => {
    const seed = await lockOrStartSeed(tx, deps, input.memberId);
    const facts = await memberFacts(tx, input.memberId);
    if (facts.freeSpinUsed) throw new AppError('ALREADY_DONE', SPIN_MESSAGES.freeUsed);
    const now = deps.clock.now();
    const drawn = await draw(tx, { seed, kind: 'free', settings });
    const prizeMinor = figureHundredths(drawn.figure);
    const row = spinRow({
      memberId: input.memberId,
      kind: 'free',
      facts,
      seed,
      drawn,
      idempotencyKey,
      at: now,
      winSystemMinor: prizeMinor,
    });
    if (prizeMinor === 0n) return toSpinData(await insertSpinWithoutMovement(tx, row), settings);
    const recorded = await recordMovement(tx, {
      kind: 'free_spin',
      idempotencyKey,
      memberId: input.memberId,
      memo: `Free spin prize ${drawn.figure}`,
      at: now,
      legs: [
        { account: { system: 'house:spins' }, amountMinor: -prizeMinor },
        { account: { memberId: input.memberId, wallet: 'balance' }, amountMinor: prizeMinor },
      ],
      business: businessRow(spins, 'transactionId', row),
    });
    // A replay of the ledger key means another request took the free spin first: this one takes nothing.
    if (recorded.duplicate || !recorded.business) throw new AppError('ALREADY_DONE', SPIN_MESSAGES.freeUsed);
    return toSpinData(recorded.business, settings);
  });
}

async function memberFacts(tx: DbOrTx, memberId: bigint): Promise<SpinMemberFacts> {
  const facts = await selectSpinMemberFacts(tx, memberId);
  if (!facts) throw new AppError('NOT_FOUND', 'Member not found');
  return facts;
}

interface Drawn {
  segment: number;
  figure: string;
  wheel: SpinSettings['casinoTable'];
  nonce: number;
}

/** Draws the next nonce of the locked seed on the wheel in force, and uses the nonce up. */
async function draw(tx: DbOrTx, input: { seed: SeedRow; kind: SpinKind; settings: SpinSettings }): Promise<Drawn> {
  const wheel = tableFor(input.kind, input.settings);
  const nonce = input.seed.nextNonce;
  const segment = drawSegment({ serverSeed: input.seed.serverSeed, clientSeed: input.seed.clientSeed, nonce, table: wheel });
  await advanceNonce(tx, input.seed.id);
  const figure = wheel[segment]?.figure;
  if (figure === undefined) throw new Error(`Segment ${segment} is not on the wheel`);
  return { segment, figure, wheel, nonce };
}

function spinRow(input: {
  memberId: bigint;
  kind: SpinKind;
  facts: SpinMemberFacts;
  seed: SeedRow;
  drawn: Drawn;
  idempotencyKey: string;
  at: Date;
  winSystemMinor: bigint;
}): NewSpin {
  return {
    memberId: input.memberId,
    kind: input.kind,
    figure: input.drawn.figure,
    segment: input.drawn.segment,
    wheel: input.drawn.wheel,
    winSystemMinor: input.winSystemMinor,
    winLocalMinor: systemToLocalMinor(input.winSystemMinor, input.facts.rateMicro),
    currency: input.facts.currency,
    rateMicro: input.facts.rateMicro,
    seedId: input.seed.id,
    serverSeedHash: input.seed.serverSeedHash,
    clientSeed: input.seed.clientSeed,
    nonce: input.drawn.nonce,
    idempotencyKey: input.idempotencyKey,
    createdAt: input.at,
  };
}

function replayCasino(spin: SpinRow, request: { wallet: string; stakeLocalMinor: bigint }, settings: SpinSettings): SpinData {
  if (spin.kind !== 'casino' || spin.wallet !== request.wallet || spin.stakeLocalMinor !== request.stakeLocalMinor) {
    throw new AppError('CONFLICT', CONFLICT_MESSAGE);
  }
  return toSpinData(spin, settings);
}
