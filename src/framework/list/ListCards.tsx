import type { ReactNode } from 'react';
import { Pagination, Select, Spin } from 'antd';
import type { CrudSort } from '@refinedev/core';
import type { FieldDef } from '../types';
import { FieldValue } from '../fields/FieldValue';

const SEP = ':';

/**
 * A list on a phone: one card per record, each field a line of label and value (empty ones left
 * out), the row's actions at the bottom; a sort select for what table headers do on a wide screen.
 */
export function ListCards({ fields, records, loading, empty, actions, sort, onSort, page, pageSize, total, onPage }: {
  fields: [string, FieldDef][];
  records: Record<string, any>[];
  loading: boolean;
  empty: ReactNode;
  actions?: (record: Record<string, any>) => ReactNode;
  sort?: CrudSort;
  onSort(sort: CrudSort | undefined): void;
  page: number; pageSize: number; total: number;
  onPage(page: number): void;
}) {
  const sortable = fields.filter(([, f]) => f.sort);
  const options = sortable.flatMap(([name, f]) => [
    { value: `${name}${SEP}asc`, label: `${f.label} 升序` },
    { value: `${name}${SEP}desc`, label: `${f.label} 降序` },
  ]);
  return (
    <Spin spinning={loading}>
      {options.length > 0 && (
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
          <Select size="small" allowClear placeholder="默认排序" aria-label="排序" style={{ width: 150 }} options={options}
            value={sort ? `${sort.field}${SEP}${sort.order}` : undefined}
            onChange={(v?: string) => {
              const [field, order] = v ? v.split(SEP) : [];
              onSort(field ? { field, order: order as CrudSort['order'] } : undefined);
            }} />
        </div>
      )}
      {records.length === 0 ? empty : (
        <div className="fw-cards">
          {records.map((record) => (
            <div className="fw-card" key={record.id}>
              {fields.filter(([name]) => record[name] !== null && record[name] !== undefined && record[name] !== '').map(([name, f]) => (
                <div className="fw-card-row" key={name}>
                  <span className="fw-card-label">{f.label}</span>
                  <span className="fw-card-value"><FieldValue field={f} value={record[name]} record={record} name={name} full /></span>
                </div>
              ))}
              {actions && <div className="fw-card-actions">{actions(record)}</div>}
            </div>
          ))}
        </div>
      )}
      {total > 0 && (
        <div className="fw-list-footer">
          <Pagination simple size="small" current={page} pageSize={pageSize} total={total} onChange={onPage} showSizeChanger={false} />
          <span style={{ marginLeft: 8, color: 'rgba(0,0,0,0.45)' }}>共 {total} 条</span>
        </div>
      )}
    </Spin>
  );
}
