import { vi } from 'vitest';

/** One request the page made, as the server would have received it. */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

export type Answer = { status?: number; json: unknown } | { status?: number; text: string } | { error: Error };

/**
 * Replaces `fetch` (the browser's, not our code) with one that records each request and gives the next queued
 * answer, so the api client's parsing runs as written. Restore with `vi.unstubAllGlobals()`.
 */
export function stubFetch(...answers: Answer[]): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const text = typeof init.body === 'string' ? init.body : null;
    requests.push({
      url: input,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: text === null ? undefined : JSON.parse(text),
    });
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const answer = answers.shift();
    if (!answer) throw new Error(`No answer queued for ${input}`);
    if ('error' in answer) throw answer.error;
    const status = answer.status ?? 200;
    if ('text' in answer) return new Response(answer.text, { status, headers: { 'Content-Type': 'text/html' } });
    return new Response(JSON.stringify(answer.json), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return requests;
}

/** The envelope of a successful action. */
export function ok<T>(data: T, extra: { msg?: string; info?: unknown[] } = {}) {
  return { json: { status: 200, resultcode: true, msg: extra.msg ?? '', data, info: extra.info ?? [], code: null } };
}

/** The envelope of a refused action. */
export function failed(status: number, code: string, msg: string, extra: { data?: unknown; info?: unknown[] } = {}) {
  return { status, json: { status, resultcode: false, msg, data: extra.data ?? null, info: extra.info ?? [], code } };
}
