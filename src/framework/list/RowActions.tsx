import { Fragment, Suspense, useState, type ReactNode } from 'react';
import { Dropdown, Popconfirm } from 'antd';
import { DownOutlined } from '@ant-design/icons';
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

/** A link is its text (14 px a character) and 8 px of padding; 4 px between links. */
const linkWidth = (label: string) => label.length * 14 + 8;
const GAP = 4;
/** 更多 and its arrow. */
const MORE_WIDTH = 2 * 14 + 8 + 16;
/** What a table row's links may take before the rest go behind 更多, so the columns beside them stay in view. */
const INLINE_BUDGET = 120;

const linksWidth = (links: string[]) => links.reduce((sum, l) => sum + linkWidth(l), 0) + Math.max(0, links.length - 1) * GAP;

/**
 * How many of a row's links (in order) show as links; the rest go behind 更多. All of them when they
 * fit in the budget plus the room 更多 would take; else those that fit the budget (at least one).
 */
export function inlineCount(links: string[]): number {
  if (linksWidth(links) <= INLINE_BUDGET + GAP + MORE_WIDTH) return links.length;
  let n = 1;
  while (n < links.length && linksWidth(links.slice(0, n + 1)) <= INLINE_BUDGET) n += 1;
  return n;
}

/** The actions column's width: the widest a row's links can lay out on one line, 16 px of cell padding and a little to spare. */
export function actionsWidth(def: ResourceDef, role: Role | undefined): number {
  return Math.min(linksWidth(labels(def, role)), INLINE_BUDGET + GAP + MORE_WIDTH) + 24;
}

interface Item { key: string; label: string; node: ReactNode }

/** The links past the first few, in a dropdown. They stay mounted once shown, so a dialog an action opened stays open. */
function More({ items }: { items: Item[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Dropdown trigger={['click']} open={open} onOpenChange={setOpen}
      popupRender={() => (
        // A click on a link starts its action and closes the menu (the action's dialog lives on).
        <div className="fw-more-menu" role="menu" onClick={() => setOpen(false)}>
          {items.map((item) => <div key={item.key} className="fw-more-item">{item.node}</div>)}
        </div>
      )}>
      <RowLink aria-haspopup="menu" aria-expanded={open}>更多<DownOutlined className="fw-more-arrow" /></RowLink>
    </Dropdown>
  );
}

/**
 * Show / edit / delete where the role may, then the resource's own named actions. Permissions come
 * from the declaration (no request per button), so a page of rows stays cheap to draw. The server checks every call either way.
 * In a table (`compact`) the links past a small budget go behind 更多, so the action column stays narrow.
 */
export function RowActions({ name, def, record, role, onDone, onDelete, compact }: {
  name: string; def: ResourceDef; record: Record<string, any>; role: Role | undefined;
  onDone(): void; onDelete(id: unknown): Promise<unknown>; compact?: boolean;
}) {
  const navigate = useNavigate();
  const items: Item[] = [];
  if (allows(def.access.show, role)) {
    items.push({ key: '查看', label: '查看', node: <RowLink onClick={() => navigate(`${def.route}/show/${record.id}`)}>查看</RowLink> });
  }
  if (allows(def.access.edit, role)) {
    items.push({ key: '编辑', label: '编辑', node: <RowLink onClick={() => navigate(`${def.route}/edit/${record.id}`)}>编辑</RowLink> });
  }
  if (allows(def.access.del, role)) {
    items.push({
      key: '删除', label: '删除', node: (
        <Popconfirm title={`确定要删除这条${def.label}吗？`} okText="删除" cancelText="取消" okButtonProps={{ danger: true }}
          onConfirm={() => onDelete(record.id)}>
          <RowLink danger>删除</RowLink>
        </Popconfirm>
      ),
    });
  }
  for (const action of def.actions ?? []) {
    if (!allows(action.access, role) || !registry.rowActionShows(action.name, record)) continue;
    const Action = registry.getRowAction(action.name);
    if (!Action) continue;
    items.push({
      key: action.name, label: action.label, node: (
        <Suspense fallback={null}>
          <Action record={record} resource={name} label={action.label} onDone={onDone} />
        </Suspense>
      ),
    });
  }
  // 查看 / 编辑 / 删除 together fit the budget: 删除 (whose confirmation hangs on its link) never goes behind 更多.
  const shown = compact ? inlineCount(items.map((i) => i.label)) : items.length;
  return (
    <div className="fw-actions">
      {items.slice(0, shown).map((item) => <Fragment key={item.key}>{item.node}</Fragment>)}
      {shown < items.length && <More items={items.slice(shown)} />}
    </div>
  );
}
