import type { PayVideoData } from '@tuzo/contracts';
import { callAction, type ApiEnvelope } from '@/lib/api-client';

/** POST paytiktok: pays a TikTok video 5 s after its recorded start, into the TikTok wallet. */
export function payTiktok(vid: string): Promise<ApiEnvelope<PayVideoData>> {
  return callAction('paytiktok', { payload: { vid } });
}
