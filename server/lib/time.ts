import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

// dayjs's tz() builds a new locale formatter on every call (toLocaleString), which dominated the
// cost of answers holding a few times. Instead: one Intl formatter per zone gives the zone's offset,
// remembered per quarter hour (zones change offset on quarter hours), and the rest is arithmetic.
const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number | null>();
const QUARTER = 900_000;

function exactOffset(ms: number, tz: string): number {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric',
      hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(tz, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(ms)) p[part.type] = Number(part.value);
  const whole = ms - (((ms % 1000) + 1000) % 1000);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(ms: number, tz: string): number {
  const quarter = Math.floor(ms / QUARTER);
  const key = `${tz} ${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    // Null marks a quarter with a change inside it: computed exactly every time.
    const first = exactOffset(quarter * QUARTER, tz);
    offset = first === exactOffset(quarter * QUARTER + QUARTER - 1, tz) ? first : null;
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset ?? exactOffset(ms, tz);
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** Epoch ms to `YYYY-MM-DD HH:mm:ss` in the business time zone. */
export function formatTime(ms: number | null | undefined, tz: string): string | null {
  if (ms === null || ms === undefined) return null;
  const d = new Date(ms + offsetAt(ms, tz));
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ` +
    `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/** `YYYY-MM-DD HH:mm:ss` (or `YYYY-MM-DD`) in the business time zone to epoch ms; null if malformed. */
export function parseTime(text: unknown, tz: string): number | null {
  if (typeof text !== 'string') return null;
  const format = text.length === 10 ? 'YYYY-MM-DD' : TIME_FORMAT;
  if (!dayjs(text, format, true).isValid()) return null;
  return dayjs.tz(text, format, tz).valueOf();
}

export function startOfDay(now: number, tz: string): number {
  return dayjs(now).tz(tz).startOf('day').valueOf();
}

/** The start of the calendar day after the one `ms` falls on, in the zone (a DST day is 23 or 25 hours). */
export function nextDayStart(ms: number, tz: string): number {
  const wall = new Date(ms + offsetAt(ms, tz));
  const next = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + 1));
  return parseTime(next.toISOString().slice(0, 10), tz)!;
}

export function startOfMonth(now: number, tz: string): number {
  return dayjs(now).tz(tz).startOf('month').valueOf();
}
