import type { StartVideoData } from '@tuzo/contracts';
import { useMutation } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';

/** POST startvideo: the server records when playback of a video on show started. */
export function startVideo(vid: string): Promise<ApiEnvelope<StartVideoData>> {
  return callAction('startvideo', { payload: { vid } });
}

export function useStartVideo() {
  return useMutation({ mutationFn: startVideo });
}
