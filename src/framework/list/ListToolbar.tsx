import { Suspense } from 'react';
import { Checkbox } from 'antd';
import type { ResourceDef, Role } from '../declaration';
import { permits } from '../use-role';
import { registry } from '../registry';
import { RowLink } from './RowLink';

/** The declared toolbar actions a role may use (those the app has registered). */
export function toolbarActions(def: ResourceDef, role: Role | undefined) {
  return (def.toolbar ?? []).filter((a) => permits(a.access, role) && registry.getToolbarAction(a.name));
}

/**
 * Above the rows: how many are ticked (with 清除, and on a phone 全选本页), then the resource's
 * toolbar actions, each given the filters and the ticked rows.
 */
export function ListToolbar({
  name,
  def,
  role,
  narrow,
  filters,
  total,
  selection,
  pageIds,
  records,
  onDone,
}: {
  name: string;
  def: ResourceDef;
  role: Role | undefined;
  narrow: boolean;
  filters: Record<string, unknown>;
  total: number;
  pageIds: Array<string | number>;
  /** The rows on the page now. */
  records: Record<string, unknown>[];
  selection: {
    keys: Array<string | number>;
    records: Record<string, unknown>[];
    setKeys(keys: Array<string | number>): void;
    clear(): void;
  } | null;
  onDone(): void;
}) {
  const actions = toolbarActions(def, role);
  if (!actions.length && !selection) return null;
  const count = selection?.keys.length ?? 0;
  const allOnPage = pageIds.length > 0 && selection ? pageIds.every((id) => selection.keys.includes(id)) : false;
  const someOnPage = selection ? pageIds.some((id) => selection.keys.includes(id)) : false;
  const togglePage = (on: boolean) => {
    if (!selection) return;
    const rest = selection.keys.filter((k) => !pageIds.includes(k));
    selection.setKeys(on ? [...rest, ...pageIds] : rest);
  };

  return (
    <div className="fw-list-bulk" role="toolbar" aria-label="列表操作">
      {selection && (
        <span className="fw-list-picked">
          {narrow && (
            <Checkbox
              checked={allOnPage}
              indeterminate={!allOnPage && someOnPage}
              disabled={!pageIds.length}
              onChange={(e) => togglePage(e.target.checked)}
            >
              全选本页
            </Checkbox>
          )}
          <span data-testid="picked-count">{count ? `已选 ${count} 项` : '未选择'}</span>
          {count > 0 && <RowLink onClick={selection.clear}>清除</RowLink>}
        </span>
      )}
      <span className="fw-list-bulk-actions">
        {actions.map((action) => {
          const Action = registry.getToolbarAction(action.name)!;
          return (
            <Suspense key={action.name} fallback={null}>
              <Action
                resource={name}
                def={def}
                label={action.label}
                filters={filters}
                total={total}
                selected={selection?.keys ?? []}
                selectedRecords={selection?.records ?? []}
                records={records}
                onDone={onDone}
                clearSelection={selection?.clear ?? (() => undefined)}
              />
            </Suspense>
          );
        })}
      </span>
    </div>
  );
}
