import { Fragment, Suspense, type ReactNode } from 'react';
import { ClickDropdown, ClickPopconfirm } from '../ClickPopup';
import type { ResourceDef, Role } from '../declaration';
import { permits } from '../use-role';
import { registry } from '../registry';
import { RowLink } from './RowLink';
import { modal } from '../notices';

/** The declared actions a role has, the red ones after the others. */
const declaredActions = (def: ResourceDef, role: Role | undefined, danger: boolean) =>
  (def.actions ?? []).filter((a) => permits(a.access, role) && Boolean(a.danger) === danger);

/** 查看 is on the row unless one of the role's declared actions opens the record its own way (`opens`). */
const showsView = (def: ResourceDef, role: Role | undefined) =>
  permits(def.access.show, role) && !(def.actions ?? []).some((a) => a.opens && permits(a.access, role));

/**
 * The actions a role has on a row of the resource, in the order they show: its declared ones first
 * (what people open the list for), then 查看 and 编辑, then the declared red ones (a red action never
 * leads a row), 删除 last.
 */
function labels(def: ResourceDef, role: Role | undefined): string[] {
  return [
    ...declaredActions(def, role, false).map((a) => a.label),
    showsView(def, role) && '查看',
    permits(def.access.edit, role) && '编辑',
    ...declaredActions(def, role, true).map((a) => a.label),
    permits(def.access.del, role) && '删除',
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

/** A card's place for an action: its link with room to tap (44 px at least, as a finger needs). */
const placeWidth = (label: string) => Math.max(44, linkWidth(label) + 16);
/** What a card's action line gives its links (a 375 px phone, beside 选择), and 更多's place. */
const CARD_BUDGET = 200;
const CARD_MORE = MORE_WIDTH + 16;

/** How many of a card's links show; the rest go behind 更多. All when they fit with 更多's room too. */
export function cardInlineCount(links: string[]): number {
  const width = (n: number) => links.slice(0, n).reduce((sum, l) => sum + placeWidth(l) + GAP, 0);
  if (width(links.length) <= CARD_BUDGET + CARD_MORE) return links.length;
  let n = 1;
  while (n < links.length && width(n + 1) <= CARD_BUDGET) n += 1;
  return n;
}

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

/** An action's link; `inMenu` when it sits behind 更多. No node: the action does not apply to this row. */
interface Item {
  key: string;
  label: string;
  node?(inMenu: boolean): ReactNode;
}

/** antd's DownOutlined drawn as plain SVG: an antd icon per row adds its style check on every mount. */
const arrow = (
  <svg className="fw-more-arrow" viewBox="64 64 896 896" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M884 256h-75c-5.1 0-9.9 2.5-12.9 6.6L512 654.2 227.9 262.6c-3-4.1-7.8-6.6-12.9-6.6h-75c-6.5 0-10.3 7.4-6.5 12.7l352.6 486.1c12.8 17.6 39 17.6 51.7 0l352.6-486.1c3.9-5.3.1-12.7-6.4-12.7z"
    />
  </svg>
);

/** The links past the first few, in a dropdown; they stay mounted once shown, so a dialog an action opened stays open. */
function More({ items }: { items: Item[] }) {
  return (
    <ClickDropdown
      popupRender={(close) => (
        // A click on a link starts its action and closes the menu (the action's dialog lives on).
        <div className="fw-more-menu" role="menu" onClick={close}>
          {items.map((item) => (
            <div key={item.key} className="fw-more-item">
              {item.node?.(true)}
            </div>
          ))}
        </div>
      )}
    >
      <RowLink>更多{arrow}</RowLink>
    </ClickDropdown>
  );
}

/** 删除 behind 更多 asks in a dialog: the menu closes as it is clicked, and a popover would hang on nothing. */
function MenuDelete({ title, onConfirm }: { title: string; onConfirm(): Promise<unknown> }) {
  const ask = () => modal.confirm({ title, okText: '删除', cancelText: '取消', okButtonProps: { danger: true }, onOk: onConfirm });
  return (
    <RowLink danger onClick={ask}>
      删除
    </RowLink>
  );
}

/**
 * The resource's own named actions, then show / edit / delete, where the role may. Permissions come
 * from the declaration (no request per button), so a page of rows stays cheap to draw. The server checks every call either way.
 * In a table (`compact`) the links past a small budget go behind 更多, so the action column stays narrow.
 * On a card the actions that apply each have a place a finger can tap, as many as one line holds;
 * the rest go behind 更多.
 */
export function RowActions({
  name,
  def,
  record,
  role,
  onDone,
  onDelete,
  onOpen,
  compact,
}: {
  name: string;
  def: ResourceDef;
  record: Record<string, unknown>;
  role: Role | undefined;
  onDone(): void;
  onDelete(id: unknown): Promise<unknown>;
  onOpen(to: string): void;
  compact?: boolean;
}) {
  const items: Item[] = [];
  const declared = (danger: boolean) => {
    for (const action of declaredActions(def, role, danger)) {
      const Action = registry.getRowAction(action.name);
      if (!Action) continue;
      items.push({
        key: action.name,
        label: action.label,
        node: registry.rowActionShows(action.name, record)
          ? () => (
              <Suspense fallback={null}>
                <Action record={record} resource={name} label={action.label} onDone={onDone} />
              </Suspense>
            )
          : undefined,
      });
    }
  };
  declared(false);
  if (showsView(def, role)) {
    items.push({
      key: '查看',
      label: '查看',
      node: () => <RowLink onClick={() => onOpen(`${def.route}/show/${record.id}`)}>查看</RowLink>,
    });
  }
  if (permits(def.access.edit, role)) {
    items.push({
      key: '编辑',
      label: '编辑',
      node: () => <RowLink onClick={() => onOpen(`${def.route}/edit/${record.id}`)}>编辑</RowLink>,
    });
  }
  declared(true);
  if (permits(def.access.del, role)) {
    const title = `确定要删除这条${def.label}吗？`;
    const confirm = () => onDelete(record.id);
    items.push({
      key: '删除',
      label: '删除',
      node: (inMenu) =>
        inMenu ? (
          <MenuDelete title={title} onConfirm={confirm} />
        ) : (
          <ClickPopconfirm title={title} okText="删除" cancelText="取消" danger onConfirm={confirm}>
            <RowLink danger>删除</RowLink>
          </ClickPopconfirm>
        ),
    });
  }
  // An action that does not apply to the row leaves no gap.
  const applying = items.filter((item) => item.node);
  if (!compact) {
    const inline = cardInlineCount(applying.map((i) => i.label));
    return (
      <div className="fw-actions fw-actions-placed">
        {applying.slice(0, inline).map((item) => (
          <span key={item.key} className="fw-action-place" style={{ minWidth: placeWidth(item.label) }}>
            {item.node!(false)}
          </span>
        ))}
        {inline < applying.length && (
          <span className="fw-action-place">
            <More items={applying.slice(inline)} />
          </span>
        )}
      </div>
    );
  }
  const shown = inlineCount(applying.map((i) => i.label));
  return (
    <div className="fw-actions">
      {applying.slice(0, shown).map((item) => (
        <Fragment key={item.key}>{item.node!(false)}</Fragment>
      ))}
      {shown < applying.length && <More items={applying.slice(shown)} />}
    </div>
  );
}
