import { useEffect, useState } from 'react';
import { useSelect, type BaseOption } from '@refinedev/core';
import { Select } from 'antd';
import type { FieldDef } from '../declaration';

interface Found {
  options: BaseOption[];
  onSearch?(text: string): void;
  fetching: boolean;
}

const blank = (value: unknown) => value === undefined || value === '' || value === null;

/** Asks the server for the options (and the label of the value already chosen); hands them up. */
function RefOptions({ field, value, onFound }: { field: FieldDef; value: unknown; onFound(found: Found): void }) {
  const { resource, labelField } = field.ref!;
  const { options, onSearch, query } = useSelect<{ id: number } & Record<string, unknown>>({
    resource,
    optionLabel: labelField,
    optionValue: 'id',
    defaultValue: blank(value) ? undefined : (value as number),
    onSearch: (text) => [{ field: labelField, operator: 'contains', value: text }],
    pagination: { pageSize: 20 },
    debounce: 300,
  });
  const fetching = query.isFetching;
  useEffect(() => onFound({ options, onSearch, fetching }), [options, onSearch, fetching, onFound]);
  return null;
}

/**
 * A select over another resource, searched by its name field on the server. An empty one asks for
 * its options only once the pointer or the focus reaches it: a screen with such a filter draws
 * (and sends its own request) without waiting on one more query. The select itself stays the same
 * element throughout, so the focus stays where it was.
 */
export function RefSelect({
  field,
  id,
  value,
  onChange,
  placeholder,
}: {
  field: FieldDef;
  id?: string;
  value?: unknown;
  onChange?(value: unknown): void;
  placeholder?: string;
}) {
  const [wanted, setWanted] = useState(false);
  const [found, setFound] = useState<Found>({ options: [], fetching: false });
  const active = wanted || !blank(value);
  const want = () => setWanted(true);
  const loading = found.fetching || (active && !found.onSearch);
  return (
    <>
      {active && <RefOptions field={field} value={value} onFound={setFound} />}
      <Select
        id={id}
        showSearch
        allowClear
        filterOption={false}
        style={{ minWidth: 180 }}
        placeholder={placeholder ?? `搜索${field.label}`}
        options={found.options}
        onSearch={found.onSearch}
        loading={loading}
        onFocus={want}
        onMouseEnter={want}
        value={value === '' ? undefined : value}
        onChange={(v) => onChange?.(v ?? '')}
        notFoundContent={loading ? '加载中…' : '无匹配项'}
      />
    </>
  );
}
