import type { FieldDef } from '../declaration';
import { FieldValue } from '../fields/FieldValue';
import { firstSeen, formatLeft, useSecondsLeft } from './countdown';

type Row = Record<string, unknown>;

/** The countdown a field declares (`countdown`): its label and the time left, or nothing once the row's seconds are gone. */
function Countdown({ record, of }: { record: Row; of: NonNullable<FieldDef['countdown']> }) {
  const raw = record[of.field];
  const seconds = typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
  const left = useSecondsLeft(seconds, firstSeen(record));
  if (left === null) return null;
  return (
    <span className="fw-countdown" data-testid="countdown" role="timer">
      {of.label} {formatLeft(left)}
    </span>
  );
}

/**
 * A value as a list shows it (a table cell or a card's line): the field's own look, drawn large where
 * the field asks (`emphasis`), wrapped to a few lines (`lines`, in a table), followed by its countdown.
 */
export function ListValue({
  field,
  record,
  name,
  full,
  lines,
}: {
  field: FieldDef;
  record: Row;
  name: string;
  full?: boolean;
  lines?: number;
}) {
  let value = <FieldValue field={field} value={record[name]} record={record} name={name} full={full || Boolean(lines)} />;
  if (lines) {
    value = (
      <div
        className="fw-lines"
        style={{ WebkitLineClamp: lines }}
        title={typeof record[name] === 'string' ? String(record[name]) : undefined}
      >
        {value}
      </div>
    );
  }
  if (field.emphasis) value = <span className="fw-emphasis">{value}</span>;
  if (!field.countdown) return value;
  return (
    <span className="fw-with-countdown">
      {value}
      <Countdown record={record} of={field.countdown} />
    </span>
  );
}
