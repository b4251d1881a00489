/**
 * The rules of promotional SMS (payment-providers.md, "Africa's Talking: SMS", rule 4): only to members who opted
 * in (the enqueue's SQL checks members.sms_promotions), only within daytime hours in the operator's time zone
 * (setting `sms.promotion_hours`, 08:00-20:00 by default), always with the opt-out word (STOP, in Swahili ONDOKA:
 * renderPromotion adds it), and never about spins, betting or any other gambling.
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
  /\bzungusha\b/i,
  /\bgurudumu\b/i,
];

/** Why a promotional text may not go by SMS (it mentions gambling), or null when it may. */
export function promotionRefusal(text: string): string | null {
  const hit = GAMBLING.find((pattern) => pattern.test(text));
  return hit ? 'Promotional SMS may not mention spins, betting or any other gambling' : null;
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
  if (hour >= hours.start && hour < hours.end) return at;
  const hoursAhead = hour < hours.start ? hours.start - hour : 24 - hour + hours.start;
  const sinceHour = (minute * 60 + second) * 1000 + at.getMilliseconds();
  return new Date(at.getTime() + hoursAhead * 3_600_000 - sinceHour);
}
