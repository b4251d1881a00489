import type { GrabPaymentData, Procedure } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { translate } from '@/i18n';
import { callAction, isSessionExpired, showErrorToast } from '@/lib/api-client';
import { depositTexts } from '../texts';

export type { Procedure };
export type PaymentMethods = GrabPaymentData;

/** GET grabpayment: which deposit methods the member's country has. Any failure shows the spec's one text. */
export async function getPaymentMethods(): Promise<PaymentMethods> {
  let data: PaymentMethods | undefined;
  try {
    data = (await callAction('grabpayment')).data;
  } catch (error) {
    // A network failure was also reported by the api client; after a 401 only "Session expired" shows.
    if (!isSessionExpired(error)) showErrorToast(translate(depositTexts, 'methodsFailed'));
    throw error;
  }
  if (data) return data;
  const text = translate(depositTexts, 'methodsFailed');
  showErrorToast(text);
  throw new Error(text);
}

export const paymentMethodsQueryOptions = queryOptions({
  queryKey: ['deposit', 'payment-methods'],
  queryFn: getPaymentMethods,
  staleTime: 5 * 60_000,
  retry: false,
});

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions);
}
