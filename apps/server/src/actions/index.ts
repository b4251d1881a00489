import type { ActionDefinition } from './types.ts';
import { systemActions } from '../modules/system/system.actions.ts';

/**
 * The action registry: every module's actions, composed here and nowhere else. Add a module's list below.
 */
export const allActions: readonly ActionDefinition[] = [
  ...systemActions,
];
