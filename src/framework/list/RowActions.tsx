import { Suspense } from 'react';
import { DeleteButton, EditButton, ShowButton } from '@refinedev/antd';
import { Space } from 'antd';
import type { ResourceDef, Role } from '../types';
import { allows } from '../types';
import { registry } from '../registry';

/** Show / edit / delete where the role may, then the resource's own named actions. */
export function RowActions({ name, def, record, role, onDone }: {
  name: string; def: ResourceDef; record: Record<string, any>; role: Role | undefined; onDone(): void;
}) {
  return (
    <Space size={4} wrap>
      {allows(def.access.show, role) && <ShowButton resource={name} recordItemId={record.id} size="small" type="link" />}
      {allows(def.access.edit, role) && <EditButton resource={name} recordItemId={record.id} size="small" type="link" />}
      {allows(def.access.del, role) && (
        <DeleteButton resource={name} recordItemId={record.id} size="small" type="link"
          confirmTitle={`确定要删除这条${def.label}吗？`} confirmOkText="删除" confirmCancelText="取消" onSuccess={onDone}
          // Named by the declared label (Refine would name the resource key); the http client shows failures.
          successNotification={() => ({ type: 'success', message: `${def.label}已删除` })} errorNotification={false} />
      )}
      {def.actions?.filter((a) => allows(a.access, role)).map((action) => {
        const Action = registry.getRowAction(action.name);
        return Action ? (
          <Suspense key={action.name} fallback={null}>
            <Action record={record} resource={name} label={action.label} onDone={onDone} />
          </Suspense>
        ) : null;
      })}
    </Space>
  );
}

export function hasRowActions(def: ResourceDef, role: Role | undefined): boolean {
  return [def.access.show, def.access.edit, def.access.del, ...(def.actions ?? []).map((a) => a.access)]
    .some((rule) => allows(rule, role));
}
