import type { NoData, RegisterPayload } from '@tuzo/contracts';
import { callAction, type ApiEnvelope } from '@/lib/api-client';

/** POST register: `phone` is the dial code joined with the number ("+254712345678"), `country` the country id. */
export function register(payload: RegisterPayload): Promise<ApiEnvelope<NoData>> {
  return callAction('register', { payload });
}
