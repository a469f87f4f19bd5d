import { Button, Empty } from 'antd';
import type { ResourceDef, Role } from '../declaration';
import { permits } from '../use-role';
import type { EmptyList } from '../declaration/types';
import './list-empty.css';

/** The declared words for a role: one for everyone, or sup's and everyone else's. */
function emptyFor(def: ResourceDef, role: Role | undefined): EmptyList | undefined {
  const empty = def.empty;
  if (!empty || 'text' in empty) return empty;
  return role === 'sup' ? empty.sup : empty.customer;
}

/**
 * What a list shows in place of rows. Filters that find nothing say so and offer to clear them (the
 * declared words would mislead: rows exist); a list with no rows at all says what its declaration
 * gives and offers its next step.
 */
export function ListEmpty({
  def,
  role,
  failed,
  filtered,
  onClear,
  onOpen,
  tab,
}: {
  def: ResourceDef;
  role: Role | undefined;
  /** The rows could not be read (the alert above says why). */
  failed: boolean;
  filtered: boolean;
  onClear(): void;
  onOpen(to: string): void;
  /** The chosen tab narrows the rows (declared `tabs`): its label, and the tab showing them all. */
  tab?: { label: string; all?: string; onAll?: () => void } | false;
}) {
  return (
    <div className="fw-empty" data-testid="list-empty">
      {content()}
    </div>
  );

  function content() {
    if (failed) return <Empty description="加载失败" />;
    if (filtered)
      return (
        <Empty description="没有符合条件的记录">
          <Button onClick={onClear}>清除筛选</Button>
        </Empty>
      );
    const words = emptyFor(def, role);
    const { action } = words ?? {};
    const to = action?.to === 'create' ? (permits(def.access.add, role) ? `${def.route}/create` : null) : action?.to;
    // A tab that narrows the rows says what it found none of, and offers the tab with all of them.
    if (tab)
      return (
        <Empty
          description={
            <span className="fw-empty-text">
              没有{tab.label}的{def.label}
            </span>
          }
        >
          {tab.onAll && <Button onClick={tab.onAll}>查看{tab.all}</Button>}
          {action && to && (
            <Button type="primary" onClick={() => onOpen(to)} style={{ marginLeft: 8 }}>
              {action.label}
            </Button>
          )}
        </Empty>
      );
    if (!words) return <Empty description="暂无数据" />;
    return (
      <Empty
        description={
          <>
            <span className="fw-empty-text">{words.text}</span>
            {words.hint && <span className="fw-empty-hint">{words.hint}</span>}
          </>
        }
      >
        {action && to && (
          <Button type="primary" onClick={() => onOpen(to)}>
            {action.label}
          </Button>
        )}
      </Empty>
    );
  }
}
