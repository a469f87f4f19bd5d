import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/** The API's time format: the business time zone's wall clock, as the server sends and parses it. */
export const API_TIME = 'YYYY-MM-DD HH:mm:ss';

/**
 * A date and time picked on a calendar, the form's value kept as the API's string: the picker reads
 * and writes the wall-clock time the server sends, with no time zone conversion of its own.
 */
export function DateTimeInput({
  id,
  value,
  onChange,
  disabled,
}: {
  id?: string;
  value?: string | null;
  onChange?(value: string | null): void;
  disabled?: boolean;
}) {
  // Read as ISO without an offset: the wall clock as written (dayjs needs no plugin for it).
  const parsed = typeof value === 'string' && value ? dayjs(value.replace(' ', 'T')) : null;
  return (
    <DatePicker
      id={id}
      showTime
      format={API_TIME}
      disabled={disabled}
      style={{ width: 220 }}
      value={parsed?.isValid() ? parsed : null}
      onChange={(d) => onChange?.(d ? d.format(API_TIME) : null)}
    />
  );
}
