import { useSelect } from '@refinedev/core';
import { Select } from 'antd';
import type { FieldDef } from '../types';

/** A select over another resource, searched by its name field on the server. */
export function RefSelect({ field, id, value, onChange, placeholder }: {
  field: FieldDef; id?: string; value?: unknown; onChange?(value: unknown): void; placeholder?: string;
}) {
  const { resource, labelField } = field.ref!;
  const { options, onSearch, query } = useSelect({
    resource,
    optionLabel: labelField as any,
    optionValue: 'id' as any,
    defaultValue: value === undefined || value === '' || value === null ? undefined : (value as number),
    onSearch: (text) => [{ field: labelField, operator: 'contains', value: text }],
    pagination: { pageSize: 20 },
    debounce: 300,
  });
  return (
    <Select
      id={id} showSearch allowClear filterOption={false} style={{ minWidth: 180 }}
      placeholder={placeholder ?? `搜索${field.label}`}
      options={options} onSearch={onSearch} loading={query.isFetching}
      value={value === '' ? undefined : value} onChange={(v) => onChange?.(v ?? '')}
      notFoundContent={query.isFetching ? '加载中…' : '无匹配项'}
    />
  );
}
