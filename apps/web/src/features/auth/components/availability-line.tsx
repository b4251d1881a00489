import { useTexts } from '@/i18n';
import type { AvailabilityKind, AvailabilityState } from '../api/check-availability';
import { authTexts } from '../texts';

/** Spec part 1, section 5: the availability messages. */
const MESSAGES = {
  username: { available: 'usernameAvailable', taken: 'usernameTaken' },
  email: { available: 'emailAvailable', taken: 'emailTaken' },
  phone: { available: 'phoneAvailable', taken: 'phoneTaken' },
} as const satisfies Record<AvailabilityKind, { available: string; taken: string }>;

/** The green or red line under a sign-up field; empty while the state is unknown. */
export function AvailabilityLine({ kind, state }: { kind: AvailabilityKind; state: AvailabilityState }) {
  const t = useTexts(authTexts);
  const text =
    state === 'available'
      ? t(MESSAGES[kind].available)
      : state === 'taken'
        ? t(MESSAGES[kind].taken)
        : state === 'checking'
          ? t('checking')
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
