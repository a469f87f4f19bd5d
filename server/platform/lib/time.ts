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
/** Per zone, by quarter-hour number (a number key: no string built per call). */
const offsets = new Map<string, Map<number, number | null>>();
const QUARTER = 900_000;
const HOUR = 3_600_000;

function exactOffset(ms: number, tz: string): number {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
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
  let zone = offsets.get(tz);
  if (!zone) offsets.set(tz, (zone = new Map()));
  let offset = zone.get(quarter);
  if (offset === undefined) {
    // Null marks a quarter with a change inside it: computed exactly every time.
    const first = exactOffset(quarter * QUARTER, tz);
    offset = first === exactOffset(quarter * QUARTER + QUARTER - 1, tz) ? first : null;
    if (zone.size >= 10_000) zone.clear();
    zone.set(quarter, offset);
  }
  return offset ?? exactOffset(ms, tz);
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

const DAY = 86_400_000;
/** `YYYY-MM-DD ` of each day (days since the epoch, in wall time), kept: answers show a few days' times. */
const dayTexts = new Map<number, string>();

function dayText(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) {
    const d = new Date(day * DAY);
    text = `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} `;
    if (dayTexts.size >= 10_000) dayTexts.clear();
    dayTexts.set(day, text);
  }
  return text;
}

/** Epoch ms to `YYYY-MM-DD HH:mm:ss` in the business time zone. */
export function formatTime(ms: number | null | undefined, tz: string): string | null {
  if (ms === null || ms === undefined) return null;
  const wall = Math.trunc(ms + offsetAt(ms, tz)); // as Date takes it
  const day = Math.floor(wall / DAY);
  const second = Math.floor((wall - day * DAY) / 1000);
  return `${dayText(day)}${two(Math.floor(second / 3600))}:${two(Math.floor(second / 60) % 60)}:${two(second % 60)}`;
}

const TIME_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/** `YYYY-MM-DD HH:mm:ss` (or `YYYY-MM-DD`) in the business time zone to epoch ms; null if malformed. */
export function parseTime(text: unknown, tz: string): number | null {
  if (typeof text !== 'string') return null;
  const m = TIME_TEXT.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(wall);
  // A date or time that does not exist (02-30, 24:00): what dayjs's strict parsing refuses.
  if (
    back.getUTCFullYear() !== y ||
    back.getUTCMonth() !== mo - 1 ||
    back.getUTCDate() !== d ||
    back.getUTCHours() !== h ||
    back.getUTCMinutes() !== mi ||
    back.getUTCSeconds() !== s
  )
    return null;
  const t = wall - offsetAt(wall - offsetAt(wall, tz), tz);
  // Near a change of the zone's offset a wall time may be missing or twice: dayjs decides, as it did.
  if (y < 1000 || offsetAt(t - 86_400_000, tz) !== offsetAt(t + 86_400_000, tz)) {
    return dayjs.tz(text, text.length === 10 ? 'YYYY-MM-DD' : TIME_FORMAT, tz).valueOf();
  }
  return t;
}

/**
 * The first instant of a calendar date (y, m from 0, d) in the zone: local midnight at one of the
 * offsets in force around it (the earliest, when clocks went back across midnight), or, when clocks
 * moved forward at midnight, the moment they did.
 */
function dayStart(y: number, m: number, d: number, tz: string): number {
  const wall = Date.UTC(y, m, d);
  const near = [...new Set([wall - 15 * HOUR, wall, wall + 15 * HOUR].map((t) => offsetAt(t, tz)))].map((o) => wall - o);
  const midnights = near.filter((t) => t + offsetAt(t, tz) === wall);
  if (midnights.length) return Math.min(...midnights);
  let lo = Math.min(...near);
  let hi = Math.max(...near);
  const before = offsetAt(lo, tz);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(mid, tz) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The zone's calendar date at an instant. */
function wallDate(ms: number, tz: string): Date {
  return new Date(ms + offsetAt(ms, tz));
}

export function startOfDay(now: number, tz: string): number {
  const w = wallDate(now, tz);
  return dayStart(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate(), tz);
}

/** The start of the calendar day after the one `ms` falls on, in the zone (a DST day is 23 or 25 hours). */
export function nextDayStart(ms: number, tz: string): number {
  const wall = new Date(ms + offsetAt(ms, tz));
  const next = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + 1));
  return parseTime(next.toISOString().slice(0, 10), tz)!;
}

export function startOfMonth(now: number, tz: string): number {
  const w = wallDate(now, tz);
  return dayStart(w.getUTCFullYear(), w.getUTCMonth(), 1, tz);
}
