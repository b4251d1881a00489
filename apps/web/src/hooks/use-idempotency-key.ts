import { useEffect, useMemo, useRef } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';
import { newIdempotencyKey as newKey } from '@/lib/api-client.key';

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
