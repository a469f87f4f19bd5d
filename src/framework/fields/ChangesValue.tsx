import { Table } from 'antd';

type Side = unknown;

const asObject = (v: Side): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

const text = (v: unknown): string =>
  v === undefined || v === null || v === '' ? '-' : typeof v === 'object' ? JSON.stringify(v) : String(v);

interface Line {
  key: string;
  name: string;
  before: string;
  after: string;
  differs: boolean;
}

/** The lines of a change: one per key of either side (objects), or one line for plain values. */
function linesOf(before: Side, after: Side): Line[] {
  const b = asObject(before);
  const a = asObject(after);
  if (!b && !a) return [{ key: '_', name: '值', before: text(before), after: text(after), differs: text(before) !== text(after) }];
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return keys.map((k) => {
    const bt = b ? text(b[k]) : '-';
    const at = a ? text(a[k]) : '-';
    return { key: k, name: k, before: bt, after: at, differs: bt !== at };
  });
}

/** `{ before, after }` side by side: each key on a line, its value before and after, the changed ones marked. */
export function ChangesValue({ value }: { value: unknown }) {
  const v = asObject(value) ?? {};
  const lines = linesOf(v.before, v.after);
  return (
    <Table<Line>
      className="fw-changes"
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={lines}
      tableLayout="fixed"
      rowClassName={(l) => (l.differs ? 'fw-changed' : '')}
      columns={[
        { title: '字段', dataIndex: 'name', width: '34%', render: (t: string) => <span className="fw-wrap">{t}</span> },
        { title: '之前', dataIndex: 'before', render: (t: string) => <span className="fw-wrap">{t}</span> },
        { title: '之后', dataIndex: 'after', render: (t: string) => <span className="fw-wrap">{t}</span> },
      ]}
    />
  );
}
