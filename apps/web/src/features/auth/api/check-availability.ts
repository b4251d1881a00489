import { CHECK_DEBOUNCE_MS } from '@tuzo/contracts';
import { useEffect, useState } from 'react';
import { callAction } from '@/lib/api-client';

export type AvailabilityKind = 'username' | 'email' | 'phone';
export type AvailabilityState = 'unknown' | 'checking' | 'available' | 'taken';

/**
 * POST freeuser / freeemail / freephone: a successful answer means available; any failure (an ApiError such as
 * CONFLICT, or no answer) counts as taken, as the spec says.
 */
export async function checkAvailability(kind: AvailabilityKind, value: string): Promise<boolean> {
  try {
    if (kind === 'username') await callAction('freeuser', { payload: { username: value } });
    else if (kind === 'email') await callAction('freeemail', { payload: { email: value } });
    else await callAction('freephone', { payload: { phone: value } });
    return true;
  } catch {
    return false;
  }
}

/** Checks `value` 500 ms after it stops changing, while `isReady`; stale answers are ignored. */
export function useAvailability(kind: AvailabilityKind, value: string, isReady: boolean): AvailabilityState {
  const [state, setState] = useState<AvailabilityState>('unknown');
  useEffect(() => {
    if (!isReady) {
      setState('unknown');
      return;
    }
    let isCurrent = true;
    const timer = window.setTimeout(() => {
      setState('checking');
      void checkAvailability(kind, value).then((isAvailable) => {
        if (isCurrent) setState(isAvailable ? 'available' : 'taken');
      });
    }, CHECK_DEBOUNCE_MS);
    return () => {
      isCurrent = false;
      window.clearTimeout(timer);
    };
  }, [kind, value, isReady]);
  return state;
}
