import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Button, Checkbox, Spin } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { FieldDef } from '../declaration';
import { ListValue } from './ListValue';
import { SPIN_DELAY } from './spin-delay';

type Row = Record<string, unknown>;
const shown =
  (record: Row) =>
  ([name]: [string, FieldDef]) =>
    record[name] !== null && record[name] !== undefined && record[name] !== '';

/**
 * Cards enough to fill a phone's screen below a list's header (a card is 150-350 px tall, the
 * header about 450 px): the list's first paint draws these, the rest right after it.
 */
const FIRST_CARDS = 3;

/**
 * False until the list's first paint is on screen. A slow phone shows the first cards sooner by the
 * time the others (out of view) would take to build, lay out and paint; what follows the cards comes
 * with the rest of them, so nothing on screen moves.
 */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer = 0;
    // After the next frame has been painted, as a transition: a tap meanwhile comes first.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * A list on a phone: one card per record, each field a line of label and value (empty ones left
 * out), the row's actions at the bottom, a simple pager under them. With a `lead`, those fields come
 * first and the others open under 展开.
 */
export function ListCards({
  fields,
  lead,
  records,
  loading,
  empty,
  actions,
  selection,
  page,
  pageSize,
  total,
  onPage,
}: {
  fields: [string, FieldDef][];
  /** The fields a card leads with, in order; the rest behind 展开. */
  lead?: readonly string[];
  records: Row[];
  loading: boolean;
  empty: ReactNode;
  actions?: (record: Row) => ReactNode;
  /** Rows can be ticked: a box at the left of each card's action line. */
  selection?: { has(id: string | number): boolean; toggle(record: Row, on: boolean): void };
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
}) {
  const painted = usePainted();
  const drawn = painted ? records : records.slice(0, FIRST_CARDS);
  return (
    <Spin spinning={loading} delay={SPIN_DELAY}>
      {records.length === 0 ? (
        loading ? null : (
          empty
        )
      ) : (
        <div className="fw-cards">
          {drawn.map((record) => (
            <div className="fw-card" key={record.id as string | number}>
              <CardFields fields={fields.filter(shown(record))} lead={lead} record={record} />
              {(actions || selection) && (
                <div className="fw-card-actions">
                  {selection && (
                    <Checkbox
                      className="fw-card-pick"
                      checked={selection.has(record.id as string | number)}
                      aria-label={`选择 ${record.id}`}
                      onChange={(e) => selection.toggle(record, e.target.checked)}
                    >
                      选择
                    </Checkbox>
                  )}
                  {actions?.(record)}
                </div>
              )}
            </div>
          ))}
        </div>
      )}
      {total > 0 && drawn.length === records.length && (
        <div className="fw-list-footer">
          <Pager page={page} pages={Math.max(1, Math.ceil(total / pageSize))} onPage={onPage} />
          <span className="fw-list-total">共 {total} 条</span>
        </div>
      )}
    </Spin>
  );
}

/** A phone's pager: the previous and next page, and where this one stands (antd's Pagination brings its Select along). */
function Pager({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  return (
    <nav className="fw-pager" aria-label="分页">
      <Button icon={<LeftOutlined />} aria-label="上一页" disabled={page <= 1} onClick={() => onPage(page - 1)} />
      <span className="fw-pager-at">
        第 {page} / {pages} 页
      </span>
      <Button icon={<RightOutlined />} aria-label="下一页" disabled={page >= pages} onClick={() => onPage(page + 1)} />
    </nav>
  );
}

function CardRows({ fields, record }: { fields: [string, FieldDef][]; record: Row }) {
  return (
    <>
      {fields.map(([name, f]) => (
        <div className="fw-card-row" key={name}>
          <span className="fw-card-label">{f.label}</span>
          <span className="fw-card-value">
            <ListValue field={f} record={record} name={name} full />
          </span>
        </div>
      ))}
    </>
  );
}

/** A card's lines: everything, or the lead first and the rest once 展开 is pressed (opening the record is the row's own action). */
function CardFields({ fields, lead, record }: { fields: [string, FieldDef][]; lead?: readonly string[]; record: Row }) {
  const [open, setOpen] = useState(false);
  if (!lead?.length) return <CardRows fields={fields} record={record} />;
  const byName = new Map(fields);
  const first = lead.filter((name) => byName.has(name)).map((name): [string, FieldDef] => [name, byName.get(name)!]);
  const rest = fields.filter(([name]) => !lead.includes(name));
  return (
    <>
      <div className="fw-card-lead">
        <CardRows fields={first} record={record} />
      </div>
      {open && <CardRows fields={rest} record={record} />}
      {rest.length > 0 && (
        <Button type="link" size="small" className="fw-card-more" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? '收起' : '展开'}
        </Button>
      )}
    </>
  );
}
