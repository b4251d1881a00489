import { CountriesDataSchema, NoPayloadSchema } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { listCountries } from './countries.service.ts';

/** `populateCountrys` (the spec's spelling): enabled countries with a fee row, "International" last. */
export const countriesActions = [
  defineAction({
    name: 'populateCountrys',
    methods: ['GET', 'POST'],
    access: 'public',
    summary: 'The countries a visitor can sign up in, International last.',
    payload: NoPayloadSchema,
    data: CountriesDataSchema,
    handler: async ({ deps }) => ({ msg: 'Countries loaded', data: await listCountries(deps) }),
  }),
];
