import type { StartVideoData } from '@tuzo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall, type ApiEnvelope } from '@/lib/api-client';

/** POST startvideo: the server records when playback of a video on show started. */
export function startVideo(vid: string): Promise<ApiEnvelope<StartVideoData>> {
  return apiCall<StartVideoData>('startvideo', { method: 'POST', payload: { vid } });
}

export function useStartVideo() {
  return useMutation({ mutationFn: startVideo });
}
