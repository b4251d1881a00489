/**
 * Time as the app sees it. Every rule that depends on "now" (once per day, expiry, timeouts) reads it from the
 * app's clock, so a test moves the clock to tomorrow instead of sleeping, and nothing mocks our own code.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test (or the bench) sets and moves by hand. */
export class SettableClock implements Clock {
  private current: Date;

  constructor(start: Date = new Date()) {
    this.current = new Date(start.getTime());
  }

  now(): Date {
    return new Date(this.current.getTime());
  }

  set(at: Date): void {
    this.current = new Date(at.getTime());
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The operator's day: the calendar date "YYYY-MM-DD" of an instant in the operator's time zone (TUZO_TIMEZONE).
 * Every once-per-day rule (daily bonus, task views, trivia) keys on this, and the database enforces it with a
 * UNIQUE constraint on (member, day).
 */
export function operatorDay(at: Date, timeZone: string): string {
  return dayFormatter(timeZone).format(at);
}
