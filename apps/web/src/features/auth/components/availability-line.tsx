import type { AvailabilityKind, AvailabilityState } from '../api/check-availability';

/** Spec part 1, section 5: the availability messages. */
const MESSAGES: Record<AvailabilityKind, { available: string; taken: string }> = {
  username: { available: 'Username is available', taken: 'Username is already taken' },
  email: { available: 'Email is available', taken: 'Email is already registered' },
  phone: { available: 'Phone number is available', taken: 'Phone number is already registered' },
};

/** The green or red line under a sign-up field; empty while the state is unknown. */
export function AvailabilityLine({ kind, state }: { kind: AvailabilityKind; state: AvailabilityState }) {
  const text =
    state === 'available'
      ? MESSAGES[kind].available
      : state === 'taken'
        ? MESSAGES[kind].taken
        : state === 'checking'
          ? 'Checking...'
          : '';
  const colour = state === 'available' ? 'text-green-700' : state === 'taken' ? 'text-red-700' : 'text-slate-600';
  return (
    <p
      data-testid={`${kind}-availability`}
      data-state={state}
      aria-live="polite"
      className={`mt-1 min-h-5 text-sm font-medium ${colour}`}
    >
      {text}
    </p>
  );
}
