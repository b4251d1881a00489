import { useEffect } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useFormIdempotencyKey, type IdempotencyKey } from '@/hooks/use-idempotency-key';

/**
 * What the deposit forms share: the amount follows `lockedAmount` when one is given, and an edited form is a new
 * submission, so it gets a new Idempotency-Key. (The mutation hooks refresh the history and balances.)
 */
export function useDepositForm<T extends FieldValues & { amount: string }>(
  form: UseFormReturn<T>,
  lockedAmount: string | undefined,
): IdempotencyKey {
  const { watch, setValue } = form;
  const key = useFormIdempotencyKey(watch);

  useEffect(() => {
    if (lockedAmount !== undefined) setValue('amount' as Path<T>, lockedAmount as PathValue<T, Path<T>>);
  }, [lockedAmount, setValue]);

  return key;
}
