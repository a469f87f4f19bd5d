import { Show } from '@refinedev/antd';
import { useShow } from '@refinedev/core';
import { Descriptions, Empty } from 'antd';
import type { ResourceDef } from '../types';
import { roleOf } from '../types';
import { FieldValue } from '../fields/FieldValue';
import { useRole } from '../use-role';

/** Every readable field of one record. */
export default function ShowPage({ name, def }: { name: string; def: ResourceDef }) {
  const role = roleOf(useRole());
  const { result, query } = useShow({ resource: name });
  const fields = Object.entries(def.fields).filter(([, f]) => !f.writeOnly && (!f.supOnly || role === 'sup'));
  return (
    <Show title={`${def.label}详情`} breadcrumb={false} isLoading={query.isLoading} canDelete={false}
      headerButtons={({ defaultButtons }) => defaultButtons}>
      {result ? (
        <Descriptions bordered column={1} size="middle">
          {fields.map(([field, f]) => (
            <Descriptions.Item key={field} label={f.label}>
              <FieldValue field={f} value={result[field]} record={result} name={field} full />
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : !query.isLoading && <Empty description="记录不存在" />}
    </Show>
  );
}
