import { useEffect, useMemo, useRef } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';

/** A random UUID; falls back to getRandomValues where randomUUID is missing (plain-http pages on old phones). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface IdempotencyKey {
  /** The key of the current submission; the same one until `renew` is called, so retries are deduplicated. */
  get: () => string;
  /** Forgets the key: call after a success, or when the member edits the form (a new submission). */
  renew: () => void;
}

/** The Idempotency-Key of one money-moving form. */
export function useIdempotencyKey(): IdempotencyKey {
  const keyRef = useRef<string | null>(null);
  return useMemo(
    () => ({
      get: () => (keyRef.current ??= newKey()),
      renew: () => {
        keyRef.current = null;
      },
    }),
    [],
  );
}

/** The Idempotency-Key of a react-hook-form form: any edit makes a new submission, so the key is renewed. */
export function useFormIdempotencyKey<T extends FieldValues>(watch: UseFormWatch<T>): IdempotencyKey {
  const key = useIdempotencyKey();
  useEffect(() => {
    const subscription = watch(() => key.renew());
    return () => subscription.unsubscribe();
  }, [watch, key]);
  return key;
}
