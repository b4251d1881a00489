import { randomBytes, randomInt } from 'node:crypto';

/** A function that returns a URL now (lets the host app supply its address after it starts listening). */
export type UrlSource = string | (() => string);

export function resolveUrl(source: UrlSource | null): string | null {
  if (source === null) return null;
  return typeof source === 'function' ? source() : source;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Random upper-case letters and digits, like an M-Pesa receipt ("QK12ABC3DE"). */
export function randomCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** yyyyMMddHHmmss in East Africa Time (UTC+3, no daylight saving), the format Daraja uses. */
export function darajaTimestamp(date: Date = new Date()): string {
  const eat = new Date(date.getTime() + 3 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${eat.getUTCFullYear()}${pad(eat.getUTCMonth() + 1)}${pad(eat.getUTCDate())}${pad(eat.getUTCHours())}${pad(eat.getUTCMinutes())}${pad(eat.getUTCSeconds())}`;
}

export interface SimLogger {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
}

/** Posts JSON and reports the HTTP status (0 when the target could not be reached); never throws. */
export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<number> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** Timers the simulator schedules, cleared on close so nothing fires into a stopped test. */
export class TimerSet {
  private readonly timers = new Set<NodeJS.Timeout>();

  after(ms: number, task: () => Promise<unknown> | void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void task();
    }, ms);
    this.timers.add(timer);
  }

  clear(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
