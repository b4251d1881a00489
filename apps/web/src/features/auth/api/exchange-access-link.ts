import type { AccessExchangePayload, LoginData } from '@tuzo/contracts';
import { callAction, type ApiEnvelope } from '@/lib/api-client';

/**
 * POST accessexchange {token, confirm?}: spends an access link for a session once the person confirmed; until then
 * the server answers CONFIRM_SIGN_IN. The browser's current token rides in the Authorization header as on every call,
 * so the question can name the member signed in here.
 */
export function exchangeAccessLink(payload: AccessExchangePayload): Promise<ApiEnvelope<LoginData>> {
  return callAction('accessexchange', { payload });
}
