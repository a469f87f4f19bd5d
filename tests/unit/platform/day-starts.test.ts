/** The business day's and month's first instant, in zones of every kind, including across clock changes. */
import { describe, expect, it } from 'vitest';
import { formatTime, parseTime, startOfDay, startOfMonth } from '../../../server/platform/lib/time.js';

// Zones with and without daylight saving, with half- and quarter-hour offsets and half-hour shifts,
// and ones that moved their clocks at midnight (Santiago, Havana, Cairo in some years).
const ZONES = [
  'Asia/Shanghai',
  'UTC',
  'America/New_York',
  'Europe/London',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'America/Santiago',
  'America/Havana',
  'Africa/Cairo',
  'Pacific/Chatham',
  'America/St_Johns',
];

describe('start of the business day and month', () => {
  it('is the first instant of the date (or month) the instant falls on, every 5 h 17 min over three years', () => {
    const date = (ms: number, tz: string) => formatTime(ms, tz)!.slice(0, 10);
    const wrong: string[] = [];
    for (const tz of ZONES) {
      for (let t = Date.UTC(2022, 0, 1); t < Date.UTC(2025, 0, 1); t += (5 * 60 + 17) * 60_000) {
        const [day, month, today] = [startOfDay(t, tz), startOfMonth(t, tz), date(t, tz)];
        const dayRight = day <= t && date(day, tz) === today && date(day - 1, tz) !== today;
        const monthRight = date(month, tz) === `${today.slice(0, 8)}01` && date(month - 1, tz).slice(0, 7) !== today.slice(0, 7);
        if (!dayRight || !monthRight) wrong.push(`${tz} ${new Date(t).toISOString()}: day ${day}, month ${month}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('begins a day whose midnight the clocks skipped when they moved (Cairo, 2023-04-28 00:00 became 01:00)', () => {
    expect(startOfDay(Date.UTC(2023, 3, 28, 6), 'Africa/Cairo')).toBe(Date.UTC(2023, 3, 27, 22));
    expect(formatTime(Date.UTC(2023, 3, 27, 22), 'Africa/Cairo')).toBe('2023-04-28 01:00:00');
  });
});

describe('business times read from text', () => {
  it('give the instant dayjs gives, every 29 h 7 min over three years, in zones of every kind', async () => {
    const { default: dayjs } = await import('dayjs');
    const wrong: string[] = [];
    for (const tz of ['Asia/Shanghai', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'America/Santiago']) {
      for (let t = Date.UTC(2022, 0, 1); t < Date.UTC(2025, 0, 1); t += (29 * 60 + 7) * 60_000 + 1234) {
        const text = formatTime(t, tz)!;
        for (const shown of [text, text.slice(0, 10)]) {
          const expected = dayjs.tz(shown, shown.length === 10 ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss', tz).valueOf();
          if (parseTime(shown, tz) !== expected) wrong.push(`${tz} ${shown}: ${parseTime(shown, tz)} != ${expected}`);
        }
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('refuse dates and times that do not exist, and other shapes', () => {
    for (const text of [
      '2024-02-30',
      '2023-02-29 10:00:00',
      '2024-01-01 24:00:00',
      '2024-01-01 23:60:00',
      '2024-13-01',
      '2024-1-01',
      '2024-01-01 1:02:03',
      '2024-01-01T10:00:00',
      ' 2024-01-01',
      '',
    ]) {
      expect(parseTime(text, 'Asia/Shanghai'), text).toBeNull();
    }
    expect(parseTime('2024-02-29 23:59:59', 'Asia/Shanghai')).toBe(Date.UTC(2024, 1, 29, 15, 59, 59));
  });
});
