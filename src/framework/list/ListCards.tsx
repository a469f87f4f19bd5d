import type { ReactNode } from 'react';
import { Checkbox, Pagination, Spin } from 'antd';
import type { FieldDef } from '../declaration';
import { FieldValue } from '../fields/FieldValue';
import { SPIN_DELAY } from './ListTable';

/**
 * A list on a phone: one card per record, each field a line of label and value (empty ones left
 * out), the row's actions at the bottom, a simple pager under them.
 */
export function ListCards({ fields, records, loading, empty, actions, selection, page, pageSize, total, onPage }: {
  fields: [string, FieldDef][];
  records: Record<string, any>[];
  loading: boolean;
  empty: ReactNode;
  actions?: (record: Record<string, any>) => ReactNode;
  /** Rows can be ticked: a box at the left of each card's action line. */
  selection?: { has(id: string | number): boolean; toggle(record: Record<string, any>, on: boolean): void };
  page: number; pageSize: number; total: number;
  onPage(page: number): void;
}) {
  return (
    <Spin spinning={loading} delay={SPIN_DELAY}>
      {records.length === 0 ? (loading ? null : empty) : (
        <div className="fw-cards">
          {records.map((record) => (
            <div className="fw-card" key={record.id}>
              {fields.filter(([name]) => record[name] !== null && record[name] !== undefined && record[name] !== '').map(([name, f]) => (
                <div className="fw-card-row" key={name}>
                  <span className="fw-card-label">{f.label}</span>
                  <span className="fw-card-value"><FieldValue field={f} value={record[name]} record={record} name={name} full /></span>
                </div>
              ))}
              {(actions || selection) && (
                <div className="fw-card-actions">
                  {selection && (
                    <Checkbox className="fw-card-pick" checked={selection.has(record.id)} aria-label={`选择 ${record.id}`}
                      onChange={(e) => selection.toggle(record, e.target.checked)}>选择</Checkbox>
                  )}
                  {actions?.(record)}
                </div>
              )}
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
