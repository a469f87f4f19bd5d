import { Suspense, lazy } from 'react';
import type { FieldDef } from '../declaration';
import { CopyValue } from './CopyValue';
import { EllipsisText } from './EllipsisText';
import { signOf, valueAsText } from './format';
import { Pill } from './Pill';

// antd's Table draws a change side by side: loaded only where a detail page shows one, not with every list.
const ChangesValue = lazy(() => import('./ChangesValue').then((m) => ({ default: m.ChangesValue })));

/** Types whose text can be long: one line with an ellipsis in a table cell, whole elsewhere. */
const LONG = new Set(['text', 'textarea', 'html', 'ref']);

/**
 * How a value looks in a table cell (`full` false: long text on one line) or on a detail page or
 * card (`full`: the whole text, wrapped). HTML is only ever shown as its text.
 */
export function FieldValue({
  field,
  value,
  record,
  name,
  full,
}: {
  field: FieldDef;
  value: unknown;
  record: Record<string, unknown>;
  name: string;
  full?: boolean;
}) {
  if (value === null || value === undefined || value === '') return <span className="fw-none">-</span>;
  if (field.copy) {
    return <CopyValue text={valueAsText(field, value, record, name)} />;
  }
  switch (field.type) {
    case 'changes':
      if (!full) return <EllipsisText text={valueAsText(field, value, record, name)} />;
      return (
        <Suspense fallback={<span className="fw-wrap">{valueAsText(field, value, record, name)}</span>}>
          <ChangesValue value={value} />
        </Suspense>
      );
    case 'enum': {
      const option = field.options?.[String(value)];
      return <Pill color={option?.color}>{option?.label ?? String(value)}</Pill>;
    }
    case 'bool':
      return <Pill color={value ? 'green' : 'default'}>{value ? '是' : '否'}</Pill>;
    case 'money': {
      const tone = field.signed ? ['fw-debit', '', 'fw-credit'][signOf(value) + 1] : '';
      return <span className={`fw-number ${tone}`}>{valueAsText(field, value, record, name)}</span>;
    }
    case 'int': {
      const warns = field.zeroWarns;
      if (warns && Number(value) === 0 && Object.entries(warns.when ?? {}).every(([k, v]) => String(record[k]) === v)) {
        return <span className="fw-number fw-debit">{warns.text}</span>;
      }
      return <span className="fw-number">{valueAsText(field, value, record, name)}</span>;
    }
    default: {
      const text = valueAsText(field, value, record, name);
      if (!LONG.has(field.type)) return <>{text}</>;
      return full ? <span className="fw-wrap">{text}</span> : <EllipsisText text={text} />;
    }
  }
}
