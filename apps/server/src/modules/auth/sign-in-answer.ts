import type { UserData } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';

/**
 * What a sign-in answers besides its token: the member's data (`user_data`, `lastupdate`). Auth is the kernel and
 * imports no feature (decision 049), so the feature that owns that answer (userdata) registers it here; the action
 * registry (src/actions/index.ts) does so when the app is composed, before the first request.
 */
export interface SignInAnswer {
  userData(deps: AppDeps, memberId: bigint): Promise<UserData>;
  lastUpdate(deps: AppDeps, memberId: bigint): Promise<string | null>;
}

let registered: SignInAnswer | null = null;

export function registerSignInAnswer(answer: SignInAnswer): void {
  registered = answer;
}

export function signInAnswer(): SignInAnswer {
  if (!registered) throw new Error('No sign-in answer registered: src/actions/index.ts registers the userdata one.');
  return registered;
}
