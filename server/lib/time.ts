import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Epoch ms to `YYYY-MM-DD HH:mm:ss` in the business time zone. */
export function formatTime(ms: number | null | undefined, tz: string): string | null {
  if (ms === null || ms === undefined) return null;
  return dayjs(ms).tz(tz).format(TIME_FORMAT);
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

export function startOfMonth(now: number, tz: string): number {
  return dayjs(now).tz(tz).startOf('month').valueOf();
}
