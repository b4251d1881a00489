import { z } from 'zod';
import { defineAction } from '../../actions/types.ts';
import { listCountries } from './countries.service.ts';

/** `populateCountrys` (the spec's spelling): enabled countries with a fee row, "International" last. */
export const countriesActions = [
  defineAction({
    name: 'populateCountrys',
    methods: ['GET', 'POST'],
    access: 'public',
    payload: z.object({}).passthrough(),
    handler: async ({ deps }) => ({ msg: 'Countries loaded', data: await listCountries(deps) }),
  }),
];
