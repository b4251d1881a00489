import { allActions } from '../src/actions/index.ts';

/** The per-IP budget an action declares, read from the registry so tests follow the numbers in the actions. */
export function perMinuteOf(actionName: string): number {
  const rule = allActions.find((action) => action.name === actionName)?.rateLimit;
  if (!rule) throw new Error(`${actionName} declares no rate limit`);
  return rule.perMinute;
}
