const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per time zone: building an Intl.DateTimeFormat is far slower than using one. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Date "YYYY-MM-DD" and time "HH:mm" of an instant in the operator's time zone (config.TUZO_TIMEZONE): the Date and
 * Time columns of every history the member sees (deposits, withdrawals, transfers).
 */
export function localDateTime(at: Date, timeZone: string): { date: string; time: string } {
  const parts = formatterFor(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}
