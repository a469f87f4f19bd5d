import { useEffect, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import type { FieldDef } from '../declaration';
import { later } from '../later';
import { isSet } from './filter-in-use';

// The form's code (antd's Form, inputs and selects): a phone shows it only once 筛选 is pressed, so it
// is fetched when the page is quiet or then; a wide screen shows it at once.
const fieldsCode = later(() => import('./SearchFields'));

/**
 * A list's filters (SearchFields). On a wide screen above the list; on a phone behind a 筛选 button
 * (which counts the filters in use), one per line; `toolbar` goes beside that button.
 */
export function SearchForm({
  fields,
  values,
  onSearch,
  narrow,
  toolbar,
}: {
  fields: [string, FieldDef][];
  values: Record<string, unknown>;
  onSearch(values: Record<string, unknown>): void;
  narrow: boolean;
  toolbar?: ReactNode;
}) {
  const SearchFields = fieldsCode.use()?.default;
  const [open, setOpen] = useState(false);
  const shown = fields.length > 0 && (!narrow || open);
  useEffect(() => {
    if (shown) fieldsCode.load().catch(() => undefined);
  }, [shown]);
  const active = fields.filter(([name]) => isSet(values[name])).length;
  const bar =
    narrow && (fields.length > 0 || toolbar) ? (
      <div className="fw-list-toolbar">
        {fields.length > 0 && (
          <Button
            icon={<FilterOutlined />}
            type={active ? 'primary' : 'default'}
            ghost={Boolean(active)}
            aria-expanded={open}
            onPointerDown={() => fieldsCode.load().catch(() => undefined)}
            onClick={() => setOpen((o) => !o)}
          >
            {active ? `筛选 (${active})` : '筛选'}
          </Button>
        )}
        <span style={{ marginLeft: 'auto' }}>{toolbar}</span>
      </div>
    ) : null;
  if (!shown) return bar;
  return (
    <>
      {bar}
      {SearchFields ? (
        <SearchFields fields={fields} values={values} narrow={narrow} onSearch={onSearch} onDone={() => setOpen(false)} />
      ) : (
        // The form's place while its code arrives: one row on a wide screen, so nothing below moves.
        <div className={narrow ? undefined : 'fw-search-waiting'} />
      )}
    </>
  );
}
