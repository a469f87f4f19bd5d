import { Suspense, lazy, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { DownOutlined, SearchOutlined, UndoOutlined, UpOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { FieldDef } from '../declaration';
import { RefSelect } from '../fields/RefSelect';
import { isSet } from './filter-in-use';

// The date pickers are the heaviest part of a list screen's code and rarely the first thing used:
// the list draws without waiting for them; a plain box of the same size stands in meanwhile.
const DateRangeFilter = lazy(() => import('./DateRangeFilter'));

const DATE = 'YYYY-MM-DD';
const isDateRange = (field: FieldDef) => field.search === 'range' && field.type === 'datetime';

/** The form value of a filter (dayjs days for time ranges) from its state value (strings), and back. */
function toFormValue(field: FieldDef, value: unknown): unknown {
  if (isDateRange(field) && Array.isArray(value)) {
    // Dates; an address from before (with times) still opens on its days.
    return value.map((v) => (v ? dayjs(String(v).slice(0, 10), DATE) : null));
  }
  return value;
}

function fromFormValue(field: FieldDef, value: unknown): unknown {
  if (isDateRange(field) && Array.isArray(value)) return value.map((v: Dayjs | null) => (v ? v.format(DATE) : ''));
  if (field.search === 'range' && Array.isArray(value)) return value.map((v) => v ?? '');
  return value ?? '';
}

/** `id` comes from Form.Item: the input carries it so its label names it. */
function FilterInput({
  field,
  narrow,
  id,
  value,
  onChange,
}: {
  field: FieldDef;
  narrow: boolean;
  id?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Form.Item's value, handed on to whichever antd input the field's type picks, each with a value type of its own
  value?: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Form.Item's value, handed on to whichever antd input the field's type picks, each with a value type of its own
  onChange?(v: any): void;
}) {
  if (field.search === 'range') {
    if (field.type === 'datetime') {
      return (
        <Suspense fallback={<Input id={id} disabled placeholder="开始日期 ~ 结束日期" />}>
          <DateRangeFilter id={id} value={value} onChange={onChange} narrow={narrow} />
        </Suspense>
      );
    }
    const [from, to] = Array.isArray(value) ? value : [undefined, undefined];
    return (
      <Space.Compact style={narrow ? { width: '100%' } : undefined}>
        <InputNumber id={id} placeholder="最小" value={from} onChange={(v) => onChange?.([v, to])} />
        <InputNumber placeholder="最大" value={to} onChange={(v) => onChange?.([from, v])} />
      </Space.Compact>
    );
  }
  if (field.type === 'ref') return <RefSelect id={id} field={field} value={value} onChange={onChange} />;
  if (field.type === 'enum' || field.type === 'bool') {
    const options: { value: string | boolean; label: string }[] =
      field.type === 'bool'
        ? [
            { value: true, label: '是' },
            { value: false, label: '否' },
          ]
        : Object.entries(field.options ?? {}).map(([v, o]) => ({ value: v, label: o.label }));
    return (
      <Select
        id={id}
        allowClear
        placeholder="全部"
        style={{ minWidth: 120 }}
        options={options}
        value={value === '' ? undefined : value}
        onChange={onChange}
      />
    );
  }
  if (field.type === 'int' || field.type === 'money') return <InputNumber id={id} value={value} onChange={onChange} />;
  // A fixed width on a wide screen: as wide as the row allows, a text box would push the next filters off it.
  return (
    <Input
      id={id}
      allowClear
      placeholder={`${field.label}`}
      value={value}
      onChange={(e) => onChange?.(e.target.value)}
      style={narrow ? undefined : { width: 160 }}
    />
  );
}

const sameNames = (a: string[], b: string[]) => a.length === b.length && a.every((n, i) => n === b[i]);

/**
 * The filters that wrap past the first row of `box` (its children, in the order of `names`), found
 * again whenever the box or a filter changes size. Nothing wraps where nothing is laid out (tests).
 */
function useWrapped(box: RefObject<HTMLDivElement | null>, names: string[], active: boolean): string[] {
  const [wrapped, setWrapped] = useState<string[]>([]);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !active) return undefined;
    const measure = () => {
      const items = [...el.children] as HTMLElement[];
      const top = items[0]?.offsetTop ?? 0;
      const next = names.filter((_, i) => items[i] && items[i].offsetTop > top + 1);
      setWrapped((old) => (sameNames(old, next) ? old : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const item of el.children) observer.observe(item);
    return () => observer.disconnect();
  }, [box, names, active]);
  return active ? wrapped : [];
}

/**
 * The filters' form: one input per searchable field; submitting replaces the filters, reset clears
 * them. On a wide screen the filters wrap beside 查询 and 重置, folded to their first row: 展开
 * shows the rest (and counts those of them in use), 收起 folds them again. On a phone one per line.
 */
export default function SearchFields({
  fields,
  values,
  onSearch,
  narrow,
  onDone,
}: {
  fields: [string, FieldDef][];
  values: Record<string, unknown>;
  onSearch(values: Record<string, unknown>): void;
  narrow: boolean;
  /** Submitted or reset (a phone folds the form away, leaving the results in view). */
  onDone(): void;
}) {
  const [form] = Form.useForm();
  const formValues = useMemo(() => Object.fromEntries(fields.map(([name, f]) => [name, toFormValue(f, values[name])])), [fields, values]);
  // Filled from the start (initialValues), and again whenever the URL's filters change.
  useEffect(() => {
    form.setFieldsValue(formValues);
  }, [form, formValues]);
  const box = useRef<HTMLDivElement>(null);
  const [unfolded, setUnfolded] = useState(false);
  const names = useMemo(() => fields.map(([name]) => name), [fields]);
  const wrapped = useWrapped(box, names, !narrow && fields.length > 0);
  const folded = wrapped.length > 0 && !unfolded;
  const wrappedInUse = wrapped.filter((name) => isSet(values[name])).length;

  const submit = (raw: Record<string, unknown>) => {
    onSearch(Object.fromEntries(fields.map(([name, f]) => [name, fromFormValue(f, raw[name])])));
    onDone();
  };
  const reset = () => {
    form.resetFields();
    onSearch({});
    onDone();
  };
  const items = fields.map(([name, field]) => (
    <Form.Item key={name} name={name} label={field.label} className={folded && wrapped.includes(name) ? 'fw-search-off' : undefined}>
      <FilterInput field={field} narrow={narrow} />
    </Form.Item>
  ));

  return (
    <Form
      form={form}
      layout={narrow ? 'vertical' : 'inline'}
      onFinish={submit}
      role="search"
      initialValues={formValues}
      className={narrow ? 'fw-search-narrow' : 'fw-search'}
      style={narrow ? { marginBottom: 12 } : undefined}
    >
      {narrow ? (
        items
      ) : (
        <div ref={box} className={`fw-search-fields${folded ? ' fw-search-folded' : ''}`}>
          {items}
        </div>
      )}
      <Form.Item className="fw-search-buttons">
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
          <Button icon={<UndoOutlined />} onClick={reset}>
            重置
          </Button>
          {wrapped.length > 0 && (
            <Button
              type="link"
              aria-expanded={!folded}
              onClick={() => setUnfolded((u) => !u)}
              icon={folded ? <DownOutlined /> : <UpOutlined />}
              iconPosition="end"
              style={{ paddingInline: 4 }}
            >
              {folded ? (wrappedInUse ? `展开 (${wrappedInUse})` : '展开') : '收起'}
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}
