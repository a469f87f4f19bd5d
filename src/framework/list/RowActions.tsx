import { Suspense } from 'react';
import { Popconfirm } from 'antd';
import { useNavigate } from 'react-router';
import type { ResourceDef, Role } from '../types';
import { allows } from '../types';
import { registry } from '../registry';
import { RowLink } from './RowLink';

/** The built-in actions a role has on a row of the resource, then its declared ones. */
function labels(def: ResourceDef, role: Role | undefined): string[] {
  return [
    allows(def.access.show, role) && '查看',
    allows(def.access.edit, role) && '编辑',
    allows(def.access.del, role) && '删除',
    ...(def.actions ?? []).filter((a) => allows(a.access, role)).map((a) => a.label),
  ].filter((l): l is string => Boolean(l));
}

export function hasRowActions(def: ResourceDef, role: Role | undefined): boolean {
  return labels(def, role).length > 0;
}

/**
 * The actions column's width: every link on one line. A link is its text (14 px a character) and
 * 8 px of padding; 4 px between links; 16 px of cell padding and a little to spare.
 */
export function actionsWidth(def: ResourceDef, role: Role | undefined): number {
  const links = labels(def, role);
  return links.reduce((sum, label) => sum + label.length * 14 + 8, 0) + (links.length - 1) * 4 + 24;
}

/**
 * Show / edit / delete where the role may, then the resource's own named actions. Permissions come
 * from the declaration (no request per button), so a page of rows stays cheap to draw. The server checks every call either way.
 */
export function RowActions({ name, def, record, role, onDone, onDelete }: {
  name: string; def: ResourceDef; record: Record<string, any>; role: Role | undefined;
  onDone(): void; onDelete(id: unknown): Promise<unknown>;
}) {
  const navigate = useNavigate();
  return (
    <div className="fw-actions">
      {allows(def.access.show, role) && <RowLink onClick={() => navigate(`${def.route}/show/${record.id}`)}>查看</RowLink>}
      {allows(def.access.edit, role) && <RowLink onClick={() => navigate(`${def.route}/edit/${record.id}`)}>编辑</RowLink>}
      {allows(def.access.del, role) && (
        <Popconfirm title={`确定要删除这条${def.label}吗？`} okText="删除" cancelText="取消" okButtonProps={{ danger: true }}
          onConfirm={() => onDelete(record.id)}>
          <RowLink danger>删除</RowLink>
        </Popconfirm>
      )}
      {def.actions?.filter((a) => allows(a.access, role)).map((action) => {
        const Action = registry.getRowAction(action.name);
        return Action ? (
          <Suspense key={action.name} fallback={null}>
            <Action record={record} resource={name} label={action.label} onDone={onDone} />
          </Suspense>
        ) : null;
      })}
    </div>
  );
}
