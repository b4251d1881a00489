import { ACTION_NAMES, ACTION_SCHEMAS, ACTIONS, ACTION_SUMMARIES, actionMethods, isActionName } from '@tuzo/contracts';
import { describe, expect, it } from 'vitest';
import { allActions } from '../src/actions/index.ts';
import { buildOpenApiDocument } from '../src/actions/openapi.ts';

/**
 * The registry and the action catalogue (packages/contracts actions*.ts, decision 050) match exactly: every catalogue
 * action has one handler, no handler answers a name outside it, and each registered action carries the catalogue's
 * methods, access, idempotency and schemas, so the web's calls, the endpoint and the API document cannot disagree.
 */
describe('the action registry and the catalogue', () => {
  it('register exactly one handler per catalogue action and none outside it', () => {
    const registered = allActions.map((action) => action.name);
    const twice = registered.filter((name, index) => registered.indexOf(name) !== index);
    expect(twice).toEqual([]);
    expect(registered.filter((name) => !isActionName(name))).toEqual([]);
    expect([...registered].sort()).toEqual([...ACTION_NAMES].sort());
  });

  it('give every registered action the catalogue’s facts and schemas', () => {
    for (const action of allActions) {
      if (!isActionName(action.name)) continue;
      const facts = ACTIONS[action.name];
      const [payload, data] = ACTION_SCHEMAS[action.name];
      expect(
        {
          methods: action.methods,
          access: action.access,
          idempotent: action.idempotent === true,
          summary: action.summary,
        },
        action.name,
      ).toEqual({
        methods: actionMethods(action.name),
        access: facts.access,
        idempotent: facts.idempotent,
        summary: ACTION_SUMMARIES[action.name],
      });
      expect(action.payload, action.name).toBe(payload);
      expect(action.data, action.name).toBe(data);
    }
  });

  it('keeps the Idempotency-Key to signed-in actions', () => {
    const publicIdempotent = ACTION_NAMES.filter((name) => {
      const facts: { access: string; idempotent: boolean } = ACTIONS[name];
      return facts.idempotent && facts.access === 'public';
    });
    expect(publicIdempotent).toEqual([]);
  });

  it('documents each catalogue action once, with its access and the key only where it is honoured', () => {
    const document = buildOpenApiDocument(allActions, '/') as {
      paths: Record<string, Record<string, { 'x-access': string; parameters: { name: string }[] }>>;
    };
    for (const name of ACTION_NAMES) {
      const facts: { access: string; idempotent: boolean } = ACTIONS[name];
      const operations = document.paths[`/api/${name}`] ?? {};
      expect(Object.keys(operations), name).toEqual(actionMethods(name).map((method) => method.toLowerCase()));
      for (const operation of Object.values(operations)) {
        expect(operation['x-access'], name).toBe(facts.access);
        const offersKey = operation.parameters.some((parameter) => parameter.name === 'Idempotency-Key');
        expect(offersKey, name).toBe(facts.idempotent);
      }
    }
  });
});
