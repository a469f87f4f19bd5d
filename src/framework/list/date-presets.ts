import dayjs, { type Dayjs } from 'dayjs';
import { dateIn } from '../time-zone';

/** 今天 / 昨天 / 近7天 / 本月, as whole days in the business time zone, worked out when picked. */
export function datePresets(now: number = Date.now()): { label: string; range: [Dayjs, Dayjs] }[] {
  const today = dayjs(dateIn(now));
  const yesterday = today.subtract(1, 'day');
  return [
    { label: '今天', range: [today, today] },
    { label: '昨天', range: [yesterday, yesterday] },
    { label: '近7天', range: [today.subtract(6, 'day'), today] },
    { label: '本月', range: [today.startOf('month'), today.endOf('month').startOf('day')] },
  ];
}
