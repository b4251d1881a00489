import {
  figureHundredths,
  formatMinor,
  parseAmountToMinor,
  systemToLocalMinor,
  type SettingValues,
  type SpinData,
  type SpinKind,
  type SpinTable,
} from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { parseSettings, readSettings } from '../settings/index.ts';
import type { SpinRow } from './spins.repository.ts';

export const SPIN_SETTING_KEYS = [
  'spins.free_table',
  'spins.casino_table',
  'spins.min_stake',
  'spins.rounds',
  'casino_disabled_countries',
] as const;

export interface SpinSettings {
  freeTable: SpinTable;
  casinoTable: SpinTable;
  minStakeSystemMinor: bigint;
  rounds: number;
  disabledCountries: readonly string[];
}

export async function loadSpinSettings(db: DbOrTx): Promise<SpinSettings> {
  return toSpinSettings(await readSettings(db, SPIN_SETTING_KEYS));
}

/** The spin settings from a reference copy's raw values (`deps.reference`), read through the same registry. */
export function spinSettingsFrom(stored: Record<string, unknown>): SpinSettings {
  return toSpinSettings(parseSettings(SPIN_SETTING_KEYS, stored));
}

function toSpinSettings(values: SettingValues<(typeof SPIN_SETTING_KEYS)[number]>): SpinSettings {
  return {
    freeTable: values['spins.free_table'],
    casinoTable: values['spins.casino_table'],
    minStakeSystemMinor: parseAmountToMinor(values['spins.min_stake']) ?? 2_000n,
    rounds: values['spins.rounds'],
    disabledCountries: values.casino_disabled_countries,
  };
}

export function tableFor(kind: SpinKind, settings: SpinSettings): SpinTable {
  return kind === 'free' ? settings.freeTable : settings.casinoTable;
}

/** The figures as the member sees them: free prizes converted into their currency, casino multipliers as they are. */
export function displayFigures(kind: SpinKind, table: SpinTable, rateMicro: bigint): string[] {
  return table.map((segment) => displayFigure(kind, segment.figure, rateMicro));
}

export function displayFigure(kind: SpinKind, figure: string, rateMicro: bigint): string {
  return kind === 'free' ? formatMinor(systemToLocalMinor(figureHundredths(figure), rateMicro)) : figure;
}

/** The minimum stake in the member's currency, as the page shows it and the rule compares it. */
export function minStakeLocalMinor(settings: SpinSettings, rateMicro: bigint): bigint {
  return systemToLocalMinor(settings.minStakeSystemMinor, rateMicro);
}

/** Win of a casino spin: stake x multiplier, rounded half up to the cent (multipliers have at most 2 decimals). */
export function casinoWinMinor(stakeMinor: bigint, figure: string): bigint {
  return (stakeMinor * figureHundredths(figure) * 2n + 100n) / 200n;
}

/** The spin response (spec: figures, default, minStake, rounds) from the stored row, so a replay answers the same. */
export function toSpinData(spin: SpinRow, settings: SpinSettings): SpinData {
  return {
    figures: displayFigures(spin.kind, spin.wheel, spin.rateMicro),
    default: spin.kind === 'free' ? formatMinor(spin.winLocalMinor) : spin.figure,
    minStake: formatMinor(minStakeLocalMinor(settings, spin.rateMicro)),
    rounds: settings.rounds,
    segment: spin.segment,
    kind: spin.kind,
    stake: formatMinor(spin.stakeLocalMinor),
    win: formatMinor(spin.winLocalMinor),
    currency: spin.currency,
    server_seed_hash: spin.serverSeedHash,
    client_seed: spin.clientSeed,
    nonce: spin.nonce,
  };
}
