import { useMutation } from '@tanstack/react-query';
import type { TotpConfirmData, TotpSetupData } from '@tuzo/contracts';
import { callAction } from '@/lib/api-client';
import { refreshUserData } from '@/lib/session';

/** POST totpsetup: a new authenticator secret and its otpauth URI (replaced by each call until confirmed). */
export async function startTotpSetup(): Promise<TotpSetupData> {
  const { data } = await callAction('totpsetup', { payload: {} });
  return data;
}

/** POST totpconfirm: a current code turns two-factor sign-in on; the recovery codes come back once. */
export async function confirmTotp(code: string): Promise<TotpConfirmData> {
  const { data } = await callAction('totpconfirm', { payload: { code } });
  return data;
}

export function useStartTotpSetup() {
  return useMutation({ mutationFn: startTotpSetup });
}

export function useConfirmTotp() {
  return useMutation({ mutationFn: confirmTotp, onSuccess: () => refreshUserData() });
}
