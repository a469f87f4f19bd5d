import { Tag, Typography } from 'antd';
import type { FieldDef } from '../types';
import { htmlToText, valueAsText } from './format';

const PREVIEW = 40;

/** How a value looks in a table cell or a detail page, by its declared type. */
export function FieldValue({ field, value, record, name, full }: {
  field: FieldDef; value: unknown; record: Record<string, unknown>; name: string; full?: boolean;
}) {
  if (value === null || value === undefined || value === '') return <Typography.Text type="secondary">-</Typography.Text>;
  switch (field.type) {
    case 'enum': {
      const option = field.options?.[String(value)];
      return <Tag color={option?.color}>{option?.label ?? String(value)}</Tag>;
    }
    case 'bool':
      return <Tag color={value ? 'green' : 'default'}>{value ? '是' : '否'}</Tag>;
    case 'money':
      return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{valueAsText(field, value, record, name)}</span>;
    case 'html': {
      // Only text is shown: the preview can never carry markup, safe or not.
      const text = htmlToText(value);
      if (full) return <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{text}</Typography.Paragraph>;
      return <span title={text}>{text.length > PREVIEW ? `${text.slice(0, PREVIEW)}...` : text}</span>;
    }
    default:
      return <>{valueAsText(field, value, record, name)}</>;
  }
}
