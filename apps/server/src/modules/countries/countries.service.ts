import { formatMinor, PG_INT_MAX, PLACEHOLDER_COUNTRY, SIGNUP_COUNTRY_REQUIRED, type Country, type Fee } from '@tuzo/contracts';
import { AppError } from '../../lib/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import {
  selectCountryFees,
  selectDefaultCountry,
  selectListedCountries,
  selectListedCountry,
  selectTariffBrackets,
  type CountryRow,
} from './countries.repository.ts';

/**
 * The countries, country_fees and tariff_brackets tables belong to this module: the seed's reference countries and an
 * operator's country change write them through these.
 */

/** `populateCountrys`: the countries a visitor can sign up in. */
export async function listCountries(deps: AppDeps): Promise<Country[]> {
  const rows = await selectListedCountries(deps.db);
  return rows.map((row) => ({
    id: String(row.id),
    country: row.name,
    dial: row.dial,
    abrv: row.abbreviation,
    currency: row.currency,
  }));
}

/**
 * The country a member chose at sign-up: listed (enabled, with a fee row), else 400 "Please select a country"
 * (decision 023: the spec's rule; the country no longer falls back to the default).
 */
export async function resolveChosenCountry(db: DbOrTx, requested: string): Promise<CountryRow> {
  const id = /^[1-9]\d{0,9}$/.test(requested) ? Number(requested) : null;
  const chosen = id === null || id > PG_INT_MAX ? null : await selectListedCountry(db, id);
  if (!chosen) throw new AppError('VALIDATION_FAILED', SIGNUP_COUNTRY_REQUIRED);
  return chosen;
}

/**
 * The country a new member joins: the requested one when it is enabled and has a fee row; otherwise (empty, the
 * placeholder 00112, unknown, disabled, not a number) the default country, as business-rules.md says.
 */
export async function resolveSignupCountry(db: DbOrTx, requested: string | undefined): Promise<CountryRow> {
  const id = requested && requested !== PLACEHOLDER_COUNTRY.id && /^\d{1,9}$/.test(requested) ? Number(requested) : null;
  const chosen = id === null ? null : await selectListedCountry(db, id);
  if (chosen) return chosen;
  const fallback = await selectDefaultCountry(db);
  if (!fallback) throw new Error('No default country is configured (the start-up seed has not run)');
  return fallback;
}

export async function findCountryFees(db: DbOrTx, countryId: number) {
  const fees = await selectCountryFees(db, countryId);
  if (!fees) throw new Error(`Country ${countryId} has no fee row`);
  return fees;
}

/** The withdrawal fee block of `userdata`: minimum and tariff brackets, local currency (as stored). */
export async function loadWithdrawalFee(db: DbOrTx, countryId: number): Promise<Fee> {
  const fees = await selectCountryFees(db, countryId);
  const brackets = await selectTariffBrackets(db, countryId);
  return {
    min_with: formatMinor(fees?.minWithMinor ?? 0n),
    tariff: brackets.map((bracket) => ({
      min_brackets: formatMinor(bracket.minMinor),
      max_brackets: formatMinor(bracket.maxMinor),
      tariff: formatMinor(bracket.tariffMinor),
    })),
  };
}
