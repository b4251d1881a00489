/**
 * The rules of promotional SMS (payment-providers.md, "Africa's Talking: SMS", rules 4-5; decision 057): only to
 * members who opted in (the enqueue's SQL and the sender check members.sms_promotions), only within the sending hours
 * the regulator allows in the operator's time zone (setting `sms.promotion_hours`, 08:00-18:00 by default), always
 * with a working opt-out instruction (setting `sms.opt_out_instruction`: renderPromotion adds it), and never about
 * spins, betting or any other gambling, in English or in the glossary's Swahili (swahili-review.md).
 */
const GAMBLING = [
  /\bspins?\b/i,
  /\bspinn?(ing|er)\b/i,
  /\bwheel\b/i,
  /\bcasino\b/i,
  /\bjackpot\b/i,
  /\bbet(s|ting)?\b/i,
  /\bgambl/i,
  /\blotter(y|ies)\b/i,
  /\bstakes?\b/i,
  /\bodds\b/i,
  /\bkamari\b/i,
  /\bbahati\s+nasibu\b/i,
  /\bbeti\b/i,
  /zungush/i,
  /\bmi?zunguko\b/i,
  /\bgurudumu\b/i,
  /\bkasino\b/i,
  /\bdau\b/i,
  /\bmadau\b/i,
  /\bbet(i|ting)\b/i,
  /\bkubeti\b/i,
  /\bjakpoti\b/i,
];

/** Why a promotional text may not go by SMS (it mentions gambling), or null when it may. */
export function promotionRefusal(...texts: string[]): string | null {
  const hit = GAMBLING.find((pattern) => texts.some((text) => pattern.test(text)));
  return hit ? 'Promotional SMS may not mention spins, betting or any other gambling' : null;
}

/** Why a promotion may not go: with the opt-out instruction it would not fit one GSM-7 part (decision 057). */
export function promotionTooLong(language: 'en' | 'sw', units: number): string {
  const name = language === 'sw' ? 'Swahili' : 'English';
  return `The ${name} SMS must fit one SMS of 160 plain characters with the opt-out instruction (it has ${units}); no emoji or curly quotes`;
}

export interface DaytimeHours {
  /** First hour a promotion may go (0-23), and the hour from which it may not (1-24), in the operator's time zone. */
  start: number;
  end: number;
}

/** The local hour, minute and second of an instant in a time zone. */
function localClock(at: Date, timeZone: string): { hour: number; minute: number; second: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? '0');
  return { hour: value('hour'), minute: value('minute'), second: value('second') };
}

/**
 * When a promotion may go: `at` itself within the daytime hours, else the next start of them (the same day before
 * they open, the next day after they close). Counted in whole hours from the local clock, so a daylight-saving jump
 * on that night moves it by that hour (Africa/Nairobi has none).
 */
export function promotionSendAt(at: Date, hours: DaytimeHours, timeZone: string): Date {
  const { hour, minute, second } = localClock(at, timeZone);
  if (withinHours(hour, hours)) return at;
  const hoursAhead = hour < hours.start ? hours.start - hour : 24 - hour + hours.start;
  const sinceHour = (minute * 60 + second) * 1000 + at.getMilliseconds();
  return new Date(at.getTime() + hoursAhead * 3_600_000 - sinceHour);
}

function withinHours(hour: number, hours: DaytimeHours): boolean {
  return hour >= hours.start && hour < hours.end;
}
