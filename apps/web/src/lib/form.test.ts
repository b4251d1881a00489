import { AdminBroadcastPayloadSchema, AdminTriviaSavePayloadSchema, LoginPayloadSchema } from '@tuzo/contracts';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { contractResolver, fieldMessages, filledFields, topLevelField } from './form';

/** What react-hook-form hands a resolver beside the values; the contract resolver does not read it. */
function resolverOptions<Values extends FieldValues>(): ResolverOptions<Values> {
  return { fields: {}, shouldUseNativeValidation: false };
}
const OPTIONS = resolverOptions<Record<string, unknown>>();

describe('contractResolver', () => {
  it('answers the parsed payload when the contract accepts the fields', async () => {
    const resolve = contractResolver(LoginPayloadSchema);
    const result = await resolve({ username: '  amina ', password: 'secret' }, undefined, OPTIONS);
    expect(result).toEqual({ values: { username: 'amina', password: 'secret' }, errors: {} });
  });

  it("gives each field the contract's first message, in the schema's order", async () => {
    const resolve = contractResolver(LoginPayloadSchema);
    const result = await resolve({ username: '   ', password: '' }, undefined, OPTIONS);
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      username: { type: 'validate', message: 'Username or email is required' },
      password: { type: 'validate', message: 'Password is required' },
    });
  });

  it('checks the payload the fields make, and loads a schema given as a loader', async () => {
    const resolve = contractResolver(async () => AdminBroadcastPayloadSchema, {
      toPayload: (fields: { msg: string }) => ({ ...fields, target: 'member' }),
    });
    const result = await resolve({ msg: 'Hello' }, undefined, resolverOptions<{ msg: string }>());
    expect(result.errors).toEqual({ username: { type: 'validate', message: 'The member’s username is required' } });
  });

  it('puts a message under the field `fieldOf` names (one option of four, or all four)', async () => {
    const fieldOf = (path: readonly PropertyKey[]) =>
      path[0] === 'options' && typeof path[1] === 'number' ? `option${path[1]}` : topLevelField(path);
    const resolve = contractResolver(AdminTriviaSavePayloadSchema, { fieldOf });
    const blank = await resolve({ question: 'Q?', options: ['a', '', 'c', 'd'], correct: '1' }, undefined, OPTIONS);
    expect(blank.errors).toEqual({ option1: { type: 'validate', message: 'Each option is required' } });
    const same = await resolve({ question: 'Q?', options: ['a', 'A', 'c', 'd'], correct: '1' }, undefined, OPTIONS);
    expect(same.errors).toEqual({ options: { type: 'validate', message: 'The four options must all be different' } });
  });
});

describe('fieldMessages', () => {
  it('keeps the first message of a field and names an object-level one "form"', () => {
    const issues = [
      { code: 'custom' as const, path: ['title'], message: 'first', input: '' },
      { code: 'custom' as const, path: ['title'], message: 'second', input: '' },
      { code: 'custom' as const, path: [], message: 'whole', input: '' },
    ];
    expect(fieldMessages(issues)).toEqual({ title: 'first', form: 'whole' });
  });
});

describe('filledFields', () => {
  it('leaves out the empty filters', () => {
    expect(filledFields({ username: 'amina', wallet: '', from: '2026-01-01', to: '' })).toEqual({
      username: 'amina',
      from: '2026-01-01',
    });
    expect(filledFields({ q: '' })).toEqual({});
  });
});
