import type { ColumnsType } from 'antd/es/table';
import type { CrudSort } from '@refinedev/core';
import type { FieldDef, ResourceDef, Role } from '../types';
import { FieldValue } from '../fields/FieldValue';

/** The fields a role sees as columns, in declaration order. */
export function listFields(def: ResourceDef, role: Role | undefined): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, f]) => f.list && !f.writeOnly && (!f.supOnly || role === 'sup'));
}

export function searchFields(def: ResourceDef, role: Role | undefined): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, f]) => f.search && (!f.supOnly || role === 'sup'));
}

export function buildColumns(fields: [string, FieldDef][], sort?: CrudSort): ColumnsType<Record<string, any>> {
  return fields.map(([name, field]) => ({
    key: name,
    dataIndex: name,
    title: field.label,
    sorter: field.sort ? true : undefined,
    sortOrder: sort?.field === name ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
    align: field.type === 'money' || field.type === 'int' ? 'right' : undefined,
    ellipsis: field.type === 'html' || field.type === 'textarea',
    render: (value: unknown, record: Record<string, unknown>) => <FieldValue field={field} value={value} record={record} name={name} />,
  }));
}
