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
  private readonly holds = new Set<() => void>();

  after(ms: number, task: () => Promise<unknown> | void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void task();
    }, ms);
    this.timers.add(timer);
  }

  /** A promise that settles after `ms`, or at once when the simulator closes (a request left hanging on purpose). */
  hold(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const release = () => {
        this.holds.delete(release);
        resolve();
      };
      this.holds.add(release);
      this.after(ms, release);
    });
  }

  clear(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const release of [...this.holds]) release();
  }
}

/**
 * Money in the simulator is integer minor units (bigint), like the app's; providers put it on the wire as JSON
 * numbers or decimal strings. A whole or 2-decimal amount as minor units; null for anything else.
 */
export function toMinor(value: unknown): bigint | null {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return BigInt(match[1] ?? '0') * 100n + BigInt(((match[2] ?? '') + '00').slice(0, 2));
}

/** Minor units as a decimal string with 2 decimals: 123450n -> "1234.50". */
export function formatMinor(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Minor units as the JSON number a provider sends (exact for any 2-decimal amount below 10^13). */
export function minorToNumber(minor: bigint): number {
  return Number(formatMinor(minor));
}

/** "dd.MM.yyyy HH:mm:ss" in East Africa Time, the format of B2C's TransactionCompletedDateTime. */
export function darajaDottedTime(date: Date = new Date()): string {
  const stamp = darajaTimestamp(date);
  return `${stamp.slice(6, 8)}.${stamp.slice(4, 6)}.${stamp.slice(0, 4)} ${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:${stamp.slice(12, 14)}`;
}
