import {
  expectedPrizeMinor,
  expectedReturnBasisPoints,
  formatBasisPoints,
  formatMinor,
  parseDbMinor,
  systemToLocalMinor,
  type SpinHistoryData,
  type SpinKind,
  type SpinOddsData,
  type SpinStateData,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { isExcluded } from './spins.guardrails.ts';
import { selectSpinHistory, selectSpinMemberFacts, type SpinMemberFacts } from './spins.repository.ts';
import { lockOrStartSeed } from './spins.seeds.ts';
import { displayFigures, loadSpinSettings, minStakeLocalMinor, tableFor } from './spins.wheel.ts';

async function memberFacts(deps: AppDeps, memberId: bigint): Promise<SpinMemberFacts> {
  const facts = await selectSpinMemberFacts(deps.db, memberId);
  if (!facts) throw new AppError('NOT_FOUND', 'Member not found');
  return facts;
}

/**
 * `spinodds`: the wheel as it draws now, each segment's exact weight and its probability, and the expected return
 * (casino, percent of the stake) or expected prize (free, in the member's currency). The figures come from the same
 * setting the draw reads, so what is published is what is drawn.
 */
export async function readOdds(deps: AppDeps, input: { memberId: bigint; kind: SpinKind }): Promise<SpinOddsData> {
  const [settings, facts] = await Promise.all([loadSpinSettings(deps.db), memberFacts(deps, input.memberId)]);
  const table = tableFor(input.kind, settings);
  const total = table.reduce((sum, segment) => sum + segment.weight, 0);
  const figures = displayFigures(input.kind, table, facts.rateMicro);
  return {
    kind: input.kind,
    segments: table.map((segment, index) => ({
      figure: figures[index] ?? segment.figure,
      probability: segment.weight / total,
      weight: segment.weight,
    })),
    total_weight: total,
    expected_return: input.kind === 'casino' ? formatBasisPoints(expectedReturnBasisPoints(table)) : null,
    expected_prize: input.kind === 'free' ? formatMinor(systemToLocalMinor(expectedPrizeMinor(table), facts.rateMicro)) : null,
    minStake: formatMinor(minStakeLocalMinor(settings, facts.rateMicro)),
    rounds: settings.rounds,
    currency: facts.currency,
  };
}

/** `spinstate`: the next draw's seed hash, client seed and nonce (the seed pair starts here if new) and the guardrails. */
export async function readSpinState(deps: AppDeps, input: { memberId: bigint }): Promise<SpinStateData> {
  const [settings, facts] = await Promise.all([loadSpinSettings(deps.db), memberFacts(deps, input.memberId)]);
  const seed = await deps.db.transaction((tx) => lockOrStartSeed(tx, deps, input.memberId));
  const excluded = isExcluded(facts, deps.clock.now());
  return {
    server_seed_hash: seed.serverSeedHash,
    client_seed: seed.clientSeed,
    nonce: seed.nextNonce,
    free_spin_used: facts.freeSpinUsed,
    age_confirmed: facts.ageConfirmedAt !== null,
    casino_disabled: settings.disabledCountries.includes(facts.abbreviation),
    excluded_until: excluded && !facts.excludedForever ? (facts.excludedUntil?.toISOString() ?? null) : null,
    excluded_forever: facts.excludedForever,
    minStake: formatMinor(minStakeLocalMinor(settings, facts.rateMicro)),
    rounds: settings.rounds,
    currency: facts.currency,
  };
}

/** `spinhistory`: newest first, paged; the server seed appears once it has been revealed. */
export async function listSpinHistory(
  deps: AppDeps,
  input: { memberId: bigint; page: number; limit: number },
): Promise<SpinHistoryData> {
  const { rows, total } = await selectSpinHistory(deps.db, {
    memberId: input.memberId,
    offset: (input.page - 1) * input.limit,
    limit: input.limit,
  });
  return {
    rows: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      stake: formatMinor(parseDbMinor(row.stake_local_minor)),
      figure: row.kind === 'free' ? formatMinor(parseDbMinor(row.win_local_minor)) : row.figure,
      win: formatMinor(parseDbMinor(row.win_local_minor)),
      currency: row.currency,
      server_seed_hash: row.server_seed_hash,
      server_seed: row.server_seed,
      client_seed: row.client_seed,
      nonce: row.nonce,
      time: new Date(row.created_at).toISOString(),
      table: row.wheel,
      segment: row.segment,
    })),
    page: input.page,
    limit: input.limit,
    total,
  };
}
