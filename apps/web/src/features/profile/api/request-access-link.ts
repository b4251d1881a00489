import type { AccessLinkData } from '@tuzo/contracts';
import { callAction, type ApiEnvelope } from '@/lib/api-client';

/** POST accesslink: a single-use link (10 minutes) that signs this member in on another device. */
export function requestAccessLink(): Promise<ApiEnvelope<AccessLinkData>> {
  return callAction('accesslink', { payload: {} });
}
