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

/**
 * A clock that runs at the wall clock's pace from `start`: the test harness's default when TUZO_TEST_CLOCK is set
 * (CI's far-clock run), so every rule that compares app time with a stored instant meets a date far from today.
 */
export function runningClockFrom(start: Date): Clock {
  const offset = start.getTime() - Date.now();
  return { now: () => new Date(Date.now() + offset) };
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
  // Zones change offset only on whole minutes, so every instant of one minute has the same day: the last minute's
  // answer is kept per zone (every request asks; formatting is 2% of a `userdata` poll's CPU).
  const minute = Math.floor(at.getTime() / 60_000);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  const day = dayFormatter(timeZone).format(at);
  lastDays.set(timeZone, { minute, day });
  return day;
}

const lastDays = new Map<string, { minute: number; day: string }>();
