import { Select } from 'antd';
import type { CrudSort } from '@refinedev/core';
import type { FieldDef } from '../declaration';

const SEP = ':';

/** The sort of a list where there are no table headers to click (cards on a phone). */
export function SortSelect({ fields, sort, onSort }: {
  fields: [string, FieldDef][]; sort?: CrudSort; onSort(sort: CrudSort | undefined): void;
}) {
  const options = fields.filter(([, f]) => f.sort).flatMap(([name, f]) => [
    { value: `${name}${SEP}asc`, label: `${f.label} 升序` },
    { value: `${name}${SEP}desc`, label: `${f.label} 降序` },
  ]);
  if (!options.length) return null;
  return (
    <Select allowClear placeholder="默认排序" aria-label="排序" style={{ width: 150 }} options={options}
      value={sort ? `${sort.field}${SEP}${sort.order}` : undefined}
      onChange={(v?: string) => {
        const [field, order] = v ? v.split(SEP) : [];
        onSort(field ? { field, order: order as CrudSort['order'] } : undefined);
      }} />
  );
}
