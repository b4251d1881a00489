/**
 * The answers the start-up script (boot/boot-script.ts) already asked for: each is taken once, and only for the
 * token and language the app would send now; otherwise the app sends the call itself.
 */
interface BootSlot {
  taken?: boolean;
  token?: string;
  language?: string;
  auth?: Promise<Response>;
  userdata?: Promise<Response | null>;
}

function slot(): BootSlot | undefined {
  return (window as unknown as { __tuzoBoot?: BootSlot }).__tuzoBoot;
}

/** Called when the app starts: after this, a start-up script that has not run yet does nothing. */
export function claimBootSlot(): void {
  const window_ = window as unknown as { __tuzoBoot?: BootSlot };
  if (!window_.__tuzoBoot) window_.__tuzoBoot = { taken: true };
}

/** The start-up script's answer to `action` for this token and language, once; null when there is none to take. */
export function takeBootAnswer(
  action: 'auth' | 'userdata',
  request: { token: string | null; language: string },
): Promise<Response | null> | null {
  const boot = slot();
  if (!boot || boot.taken || boot.token !== request.token || boot.language !== request.language) return null;
  const answer = boot[action];
  if (!answer) return null;
  boot[action] = undefined;
  return answer;
}
