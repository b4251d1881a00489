import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useFormIdempotencyKey, type IdempotencyKey } from '@/hooks/use-idempotency-key';
import { refreshUserData } from '@/lib/session';
import { depositHistoryQueryOptions } from '../api/get-deposit-history';

export interface DepositForm {
  key: IdempotencyKey;
  /** Reloads the deposit history and the balances after a request was sent. */
  refreshAfterRequest: () => void;
}

/**
 * What the deposit forms share: the amount follows `lockedAmount` when one is given, and an edited form is a new
 * submission, so it gets a new Idempotency-Key.
 */
export function useDepositForm<T extends FieldValues & { amount: string }>(
  form: UseFormReturn<T>,
  lockedAmount: string | undefined,
): DepositForm {
  const queryClient = useQueryClient();
  const { watch, setValue } = form;
  const key = useFormIdempotencyKey(watch);

  useEffect(() => {
    if (lockedAmount !== undefined) setValue('amount' as Path<T>, lockedAmount as PathValue<T, Path<T>>);
  }, [lockedAmount, setValue]);

  function refreshAfterRequest() {
    void queryClient.invalidateQueries({ queryKey: depositHistoryQueryOptions.queryKey });
    void refreshUserData();
  }

  return { key, refreshAfterRequest };
}
