import { afterEach, beforeEach, vi } from 'vitest';

/**
 * `console.error` during a test fails it, unless the test says it expects one (`expectConsoleError()`): an error
 * printed and ignored is how real failures hide in a green run.
 */
let allowed = false;
let calls: unknown[][] = [];

export function expectConsoleError(): void {
  allowed = true;
}

beforeEach(() => {
  allowed = false;
  calls = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (calls.length > 0 && !allowed) {
    const first = calls[0]?.map((part) => (part instanceof Error ? part.stack : String(part))).join(' ');
    throw new Error(`console.error was called ${calls.length} time(s) during the test: ${first}`);
  }
});
