import { defineAction } from '../../http/action.ts';
import { listCountries } from './countries.service.ts';

/** `populateCountrys` (the spec's spelling): enabled countries with a fee row, "International" last. */
export const countriesActions = [
  defineAction('populateCountrys', {
    handler: async ({ deps }) => ({ msg: 'Countries loaded', data: await listCountries(deps) }),
  }),
];
