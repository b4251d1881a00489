import type { z } from 'zod';
import type { RegisteredAction } from '../http/action.ts';

/**
 * Keys the response carried that its contract does not know, as paths ("rows.0.password_hash"). Zod drops unknown
 * keys silently; outside production a dropped key means a handler sent more than its contract says, which fails.
 */
export function droppedKeys(original: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(original) && Array.isArray(parsed)) {
    return original.flatMap((item, index) => droppedKeys(item, parsed[index], `${path}${index}.`));
  }
  if (isPlainObject(original) && isPlainObject(parsed)) {
    return Object.keys(original).flatMap((key) =>
      key in parsed ? droppedKeys(original[key], parsed[key], `${path}${key}.`) : [`${path}${key}`],
    );
  }
  return [];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

export class ResponseContractError extends Error {
  constructor(action: string, detail: string) {
    super(`Response of ${action} breaks its data contract: ${detail}`);
    this.name = 'ResponseContractError';
  }
}

/**
 * The data that goes on the wire. In development and tests (`strict`) a response that does not parse, or carries a
 * key its contract does not declare, throws: the endpoint answers 500 and logs it, and the test fails. In production
 * the parsed value is sent, so unknown keys are dropped; a response that does not parse at all is still an error.
 */
export function checkResponseData(action: RegisteredAction, data: unknown, strict: boolean): unknown {
  const value = data === undefined ? null : data;
  // A frozen object cannot change, so its check is done once (the cached `userdata` answer, decision 043).
  const frozen = typeof value === 'object' && value !== null && Object.isFrozen(value) ? value : null;
  const earlier = frozen ? checkedFrozen.get(action)?.get(frozen) : undefined;
  if (earlier !== undefined) return earlier;
  const checked = checkOnce(action, value, strict);
  if (frozen) {
    let memo = checkedFrozen.get(action);
    if (!memo) checkedFrozen.set(action, (memo = new WeakMap()));
    memo.set(frozen, checked);
  }
  return checked;
}

/** What each action's frozen answers were checked to (the parsed value sent), while those objects live. */
const checkedFrozen = new WeakMap<RegisteredAction, WeakMap<object, unknown>>();

function checkOnce(action: RegisteredAction, value: unknown, strict: boolean): unknown {
  const parsed = (action.data as z.ZodType).safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ResponseContractError(action.name, `${issue?.path.join('.') || '(data)'}: ${issue?.message ?? 'invalid'}`);
  }
  if (strict) {
    const extra = droppedKeys(value, parsed.data);
    if (extra.length > 0) throw new ResponseContractError(action.name, `undeclared keys ${extra.slice(0, 5).join(', ')}`);
  }
  return parsed.data;
}
