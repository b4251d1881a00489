import type { GrabPaymentData, Procedure } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, showErrorToast } from '@/lib/api-client';

export const PAYMENT_METHODS_ERROR = 'Failed to load payment methods';

export type { Procedure };
export type PaymentMethods = GrabPaymentData;

/** GET grabpayment: which deposit methods the member's country has. */
export async function getPaymentMethods(): Promise<PaymentMethods> {
  try {
    const envelope = await apiCall<PaymentMethods>('grabpayment');
    if (envelope.resultcode && envelope.data) return envelope.data;
  } catch {
    // The api client already reported the network failure; the spec's text follows.
  }
  showErrorToast(PAYMENT_METHODS_ERROR);
  throw new Error(PAYMENT_METHODS_ERROR);
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
