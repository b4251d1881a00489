import { vi } from 'vitest';

/**
 * Replaces `fetch` (the browser's) with one that answers each action by its name, whatever order the screen asks
 * in: for screens that load several queries at once. An action with no answer is a test error. Restore with
 * `vi.unstubAllGlobals()`.
 */
export function stubActions(answers: Record<string, { status?: number; json: unknown }>): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const action = new URL(input, 'http://localhost').searchParams.get('action') ?? '';
    asked.push(action);
    const answer = answers[action];
    if (!answer) throw new Error(`No answer for action ${action}`);
    return new Response(JSON.stringify(answer.json), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return asked;
}
