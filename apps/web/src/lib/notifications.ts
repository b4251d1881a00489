import { useSyncExternalStore } from 'react';

/** One notification from the `info` array of a response, ready to show (spec part 1, section 3). */
export interface QueuedNotification {
  id: number;
  msg: string;
  /** Markup from the server; sanitised with DOMPurify before it is rendered. */
  icon: string | null;
  /** When it happened as the server sent it (ISO); shown in the member's local date-time form. */
  time: string;
  severity: 'info' | 'success' | 'warning' | 'error';
}

export interface IncomingNotification {
  msg?: unknown;
  icon?: unknown;
  time?: unknown;
  severity?: unknown;
}

export const NOTIFICATION_CLOSE_MS = 6000;
const SEVERITIES = new Set(['info', 'success', 'warning', 'error']);

let queue: readonly QueuedNotification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Appends every notification to the queue; the host shows them one at a time. */
export function enqueueNotifications(items: readonly IncomingNotification[]): void {
  const fresh = items
    .filter((item) => typeof item?.msg === 'string' && item.msg.trim() !== '')
    .map((item) => ({
      id: nextId++,
      msg: item.msg as string,
      icon: typeof item.icon === 'string' && item.icon.trim() !== '' ? item.icon : null,
      time: typeof item.time === 'string' && item.time.trim() !== '' ? item.time : new Date().toISOString(),
      severity: (SEVERITIES.has(item.severity as string) ? item.severity : 'info') as QueuedNotification['severity'],
    }));
  if (fresh.length === 0) return;
  queue = [...queue, ...fresh];
  emit();
}

/** Closes the notification on show; the next one in the queue appears. */
export function dismissNotification(id: number): void {
  queue = queue.filter((item) => item.id !== id);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The notification currently shown (the head of the queue), or null. */
export function useCurrentNotification(): QueuedNotification | null {
  return useSyncExternalStore(subscribe, () => queue[0] ?? null);
}
