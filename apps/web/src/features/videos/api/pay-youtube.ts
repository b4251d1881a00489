import type { PayVideoData } from '@tuzo/contracts';
import { callAction, type ApiEnvelope } from '@/lib/api-client';

/** POST payyoutube: pays a YouTube video 5 s after its recorded start, into the YouTube wallet. */
export function payYoutube(vid: string): Promise<ApiEnvelope<PayVideoData>> {
  return callAction('payyoutube', { payload: { vid } });
}
