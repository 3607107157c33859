const MONTHS: Readonly<Record<string, number>> = {
  Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11,
};

const ZERO = 48;

/** The number written by `length` ASCII digits at `start`, or -1 when any of them is not a digit. */
function digitsAt(text: string, start: number, length: number): number {
  let value = 0;
  for (let index = start; index < start + length; index += 1) {
    const digit = text.charCodeAt(index) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

const LAYOUT = 'dd/Mon/yyyy:HH:MM:SS +hhmm';

function hasLayoutSeparators(text: string): boolean {
  return (
    text.length === LAYOUT.length &&
    text[2] === '/' && text[6] === '/' && text[11] === ':' && text[14] === ':' && text[17] === ':' && text[20] === ' ' &&
    (text[21] === '+' || text[21] === '-')
  );
}

function uncachedApacheTime(text: string): string | null {
  if (!hasLayoutSeparators(text)) return null;
  const [day, year, hour, minute, second] = [digitsAt(text, 0, 2), digitsAt(text, 7, 4), digitsAt(text, 12, 2), digitsAt(text, 15, 2), digitsAt(text, 18, 2)];
  const [offsetHours, offsetMinutes] = [digitsAt(text, 22, 2), digitsAt(text, 24, 2)];
  const month = MONTHS[text.slice(3, 6)];
  if (month === undefined || day < 1 || year < 0 || hour < 0 || hour > 23 || minute < 0 || minute > 59) return null;
  if (second < 0 || second > 60 || offsetHours < 0 || offsetHours > 23 || offsetMinutes < 0 || offsetMinutes > 59) return null;
  const localMidnight = Date.UTC(year, month, day);
  if (new Date(localMidnight).getUTCDate() !== day) return null;
  const offsetMs = (text[21] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  return new Date(localMidnight + ((hour * 60 + minute) * 60 + second) * 1000 - offsetMs).toISOString();
}

/** Consecutive log lines share their second: the last conversion is kept to skip the date arithmetic. */
let lastText = '';
let lastIso: string | null = null;

/**
 * Apache/nginx `%t` (`10/Oct/2025:13:55:36 -0700`, without the brackets) as ISO 8601 in UTC, or null when it is
 * not a real date and time in that layout.
 */
export function parseApacheTime(text: string): string | null {
  if (text !== lastText) {
    lastIso = uncachedApacheTime(text);
    lastText = text;
  }
  return lastIso;
}
