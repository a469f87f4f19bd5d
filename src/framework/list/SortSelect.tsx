import { useState } from 'react';
import { DownOutlined } from '@ant-design/icons';
import type { CrudSort } from '@refinedev/core';
import type { FieldDef } from '../declaration';
import { later } from '../later';

const SEP = ':';
const WIDTH = 150;
// antd's Select (with its option list and virtual scrolling) is not needed for the list's first paint.
const selectCode = later(() => import('antd/es/select'));

/**
 * The sort of a list where there are no table headers to click (cards on a phone). Until antd's
 * Select has arrived a button of the same look stands in; pressing it fetches the Select, which opens.
 */
export function SortSelect({
  fields,
  sort,
  onSort,
}: {
  fields: [string, FieldDef][];
  sort?: CrudSort;
  onSort(sort: CrudSort | undefined): void;
}) {
  const Select = selectCode.use()?.default;
  const [wanted, setWanted] = useState(false);
  const options = fields
    .filter(([, f]) => f.sort)
    .flatMap(([name, f]) => [
      { value: `${name}${SEP}asc`, label: `${f.label} 升序` },
      { value: `${name}${SEP}desc`, label: `${f.label} 降序` },
    ]);
  if (!options.length) return null;
  const value = sort ? `${sort.field}${SEP}${sort.order}` : undefined;
  if (!Select) {
    const label = options.find((o) => o.value === value)?.label;
    // Named by what it shows too (a screen reader hears the words a sighted person reads on it).
    return (
      <button
        type="button"
        className="fw-select-standin"
        aria-label={`排序 ${label ?? '默认排序'}`}
        style={{ width: WIDTH }}
        onClick={() => {
          setWanted(true);
          selectCode.load().catch(() => setWanted(false));
        }}
      >
        <span className={label ? 'fw-select-text' : 'fw-select-text fw-select-placeholder'}>{label ?? '默认排序'}</span>
        <DownOutlined className="fw-select-arrow" />
      </button>
    );
  }
  return (
    <Select
      allowClear
      placeholder="默认排序"
      aria-label="排序"
      style={{ width: WIDTH }}
      options={options}
      value={value}
      defaultOpen={wanted}
      autoFocus={wanted}
      onChange={(v?: string) => {
        const [field, order] = v ? v.split(SEP) : [];
        onSort(field ? { field, order: order as CrudSort['order'] } : undefined);
      }}
    />
  );
}
