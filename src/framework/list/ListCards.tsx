import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Pagination, Spin } from 'antd';
import type { FieldDef } from '../declaration';
import { FieldValue } from '../fields/FieldValue';
import { SPIN_DELAY } from './ListTable';

type Row = Record<string, any>;
const shown = (record: Row) => ([name]: [string, FieldDef]) => record[name] !== null && record[name] !== undefined && record[name] !== '';

/**
 * A list on a phone: one card per record, each field a line of label and value (empty ones left
 * out), the row's actions at the bottom, a simple pager under them. With a `lead`, those fields come
 * first and the others open under 详情.
 */
export function ListCards({ fields, lead, records, loading, empty, actions, selection, page, pageSize, total, onPage }: {
  fields: [string, FieldDef][];
  /** The fields a card leads with, in order; the rest behind 详情. */
  lead?: readonly string[];
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
              <CardFields fields={fields.filter(shown(record))} lead={lead} record={record} />
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
          <span className="fw-list-total">共 {total} 条</span>
        </div>
      )}
    </Spin>
  );
}

function CardRows({ fields, record }: { fields: [string, FieldDef][]; record: Row }) {
  return (
    <>
      {fields.map(([name, f]) => (
        <div className="fw-card-row" key={name}>
          <span className="fw-card-label">{f.label}</span>
          <span className="fw-card-value"><FieldValue field={f} value={record[name]} record={record} name={name} full /></span>
        </div>
      ))}
    </>
  );
}

/** A card's lines: everything, or the lead first and the rest once 详情 is opened. */
function CardFields({ fields, lead, record }: { fields: [string, FieldDef][]; lead?: readonly string[]; record: Row }) {
  const [open, setOpen] = useState(false);
  if (!lead?.length) return <CardRows fields={fields} record={record} />;
  const byName = new Map(fields);
  const first = lead.filter((name) => byName.has(name)).map((name): [string, FieldDef] => [name, byName.get(name)!]);
  const rest = fields.filter(([name]) => !lead.includes(name));
  return (
    <>
      <div className="fw-card-lead"><CardRows fields={first} record={record} /></div>
      {open && <CardRows fields={rest} record={record} />}
      {rest.length > 0 && (
        <Button type="link" size="small" className="fw-card-more" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? '收起详情' : '详情'}
        </Button>
      )}
    </>
  );
}
