import type { AdminBroadcastData, AdminBroadcastInput } from '@tuzo/contracts';
import { useMutation } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** POST adminbroadcast: a notification to one member, a country or everyone. */
export async function broadcast(payload: AdminBroadcastInput): Promise<{ msg: string; data: AdminBroadcastData }> {
  const { msg, data } = await callAction('adminbroadcast', { payload });
  return { msg, data };
}

export function useBroadcast() {
  return useMutation({ mutationFn: broadcast });
}
