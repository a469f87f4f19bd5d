import dayjs, { type Dayjs } from 'dayjs';
import { dateIn } from '../time-zone';

/** The presets' names, for drawing them without working out their days. */
export const PRESET_LABELS = ['今天', '昨天', '近7天', '本月'] as const;

/** 今天 / 昨天 / 近7天 / 本月, as whole days in the business time zone, worked out when picked. */
export function datePresets(now: number = Date.now()): { label: (typeof PRESET_LABELS)[number]; range: [Dayjs, Dayjs] }[] {
  const today = dayjs(dateIn(now));
  const yesterday = today.subtract(1, 'day');
  const ranges: [Dayjs, Dayjs][] = [
    [today, today],
    [yesterday, yesterday],
    [today.subtract(6, 'day'), today],
    [today.startOf('month'), today.endOf('month').startOf('day')],
  ];
  return PRESET_LABELS.map((label, i) => ({ label, range: ranges[i] }));
}
