import { Button, DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { PRESET_LABELS, datePresets } from './date-presets';

type Range = [Dayjs | null, Dayjs | null];

const presetOf = (label: string) => () => datePresets().find((p) => p.label === label)!.range;
// Each preset's days are worked out when it is picked, not on every draw of the filter.
const PICKER_PRESETS = PRESET_LABELS.map((label) => ({ label, value: presetOf(label) }));

/**
 * A range of whole days (the end day included: the server reads a date-only end as the end of that
 * day). Wide screens get antd's range picker with presets; a phone gets two single pickers, whose
 * panels fit its width, and the presets as buttons.
 */
export default function DateRangeFilter({
  id,
  value,
  onChange,
  narrow,
}: {
  id?: string;
  value?: Range;
  onChange?(value: Range): void;
  narrow: boolean;
}) {
  if (!narrow) {
    return (
      <DatePicker.RangePicker
        id={id}
        allowEmpty={[true, true]}
        value={value}
        onChange={(v) => onChange?.((v ?? [null, null]) as Range)}
        presets={PICKER_PRESETS}
      />
    );
  }
  const [from, to] = value ?? [null, null];
  return (
    <>
      <div className="fw-date-pair">
        {/* No picker "今天": it is the browser's day; the presets below are the business zone's. */}
        <DatePicker id={id} placeholder="开始日期" inputReadOnly showToday={false} value={from} onChange={(d) => onChange?.([d, to])} />
        <DatePicker placeholder="结束日期" inputReadOnly showToday={false} value={to} onChange={(d) => onChange?.([from, d])} />
      </div>
      <div className="fw-date-presets">
        {PRESET_LABELS.map((label) => (
          <Button key={label} size="small" onClick={() => onChange?.(presetOf(label)())}>
            {label}
          </Button>
        ))}
      </div>
    </>
  );
}
