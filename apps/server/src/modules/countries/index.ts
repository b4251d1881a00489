/**
 * The countries module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/countries/ import this file only; tests may reach inside.
 */
export { countriesActions } from './countries.actions.ts';
export {
  countryFeeColumns,
  countTariffBrackets,
  ensureCountry,
  ensureCountryFees,
  insertTariffBrackets,
  replaceCountry,
} from './countries.repository.ts';
export type { BracketMinor, CountryFeeMinor, CountryRow } from './countries.repository.ts';
export { findCountryFees, listCountries, resolveChosenCountry, resolveSignupCountry } from './countries.service.ts';
