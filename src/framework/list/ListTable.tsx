import { memo, useContext, useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { Checkbox, ConfigProvider, Pagination, Spin, theme } from 'antd';
import useTableStyle from 'antd/es/table/style';
import type { CrudSort } from '@refinedev/core';
import { SPIN_DELAY } from './spin-delay';

type Row = Record<string, unknown>;
type Key = string | number;

/**
 * A column of a list's table. `fixed` columns stay in view when the table scrolls sideways: the last
 * ones at the right, the first ones (and the ticking column before them) at the left.
 */
export interface ListColumn {
  key: string;
  title: string;
  width?: number;
  align?: 'right';
  /** One line, cut with an ellipsis (the cell's content shows the whole text itself). */
  ellipsis?: boolean;
  sortable?: boolean;
  fixed?: 'left' | 'right';
  render(record: Row): ReactNode;
}

export interface ListTableProps {
  columns: ListColumn[];
  records: Row[];
  /** The table's width before it scrolls inside its box. */
  width: number;
  loading: boolean;
  empty: ReactNode;
  sort?: CrudSort;
  onSort(sort: CrudSort | undefined): void;
  /** Ticked rows (a box per row, and one in the header for the whole page). */
  selection?: { keys: Key[]; onChange(keys: Key[]): void };
  page: number;
  pageSize: number;
  pageSizes: number[];
  total: number;
  onPage(page: number, pageSize: number): void;
}

const SELECTION_WIDTH = 40;
/** The least a column without a width takes; and the room a table keeps to scroll between its fixed columns. */
const SHARED_MIN = 120;
const SCROLL_ROOM = 160;

/** What a click on a column's header does next: ascending, then descending, then unsorted (as antd's Table). */
export function nextSort(field: string, sort: CrudSort | undefined): CrudSort | undefined {
  if (sort?.field !== field) return { field, order: 'asc' };
  return sort.order === 'asc' ? { field, order: 'desc' } : undefined;
}

const caret = (up: boolean) => (
  <svg viewBox="0 0 1024 1024" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
    <path
      d={
        up
          ? 'M858.9 689L530.5 308.2c-9.4-10.9-27.5-10.9-37 0L165.1 689c-12.2 14.2-1.2 35 18.5 35h656.8c19.7 0 30.7-20.8 18.5-35z'
          : 'M840.4 300H183.6c-19.7 0-30.7 20.8-18.5 35l328.4 380.8c9.4 10.9 27.5 10.9 37 0L858.9 335c12.2-14.2 1.2-35-18.5-35z'
      }
    />
  </svg>
);

/**
 * The offsets of the fixed columns from their declared widths (nothing is measured): the trailing
 * `right` ones from the right edge, the leading `left` ones from the left edge, after the ticking
 * column (`start` px). Only the last of the left ones may go without a width. `withLeft` false: none
 * at the left (a box too narrow for both sides).
 */
function fixedOffsets(columns: ListColumn[], start: number, withLeft: boolean): { left: Map<string, number>; right: Map<string, number> } {
  const right = new Map<string, number>();
  let offset = 0;
  for (const column of [...columns].reverse()) {
    if (column.fixed !== 'right') break;
    right.set(column.key, offset);
    offset += column.width ?? 0;
  }
  const left = new Map<string, number>();
  offset = start;
  for (const column of columns) {
    if (column.fixed !== 'left' || !withLeft) break;
    left.set(column.key, offset);
    offset += column.width ?? 0;
  }
  return { left, right };
}

interface Layout {
  prefix: string;
  left: Map<string, number>;
  right: Map<string, number>;
  /** The first of the right columns and the last of the left ones: where the shadows go. */
  firstFixed?: string;
  lastLeft?: string;
  sortField?: string;
}

/** A cell's classes and style, as antd's Table gives them (so antd's table styles apply). */
function cellProps(column: ListColumn, layout: Layout) {
  const { prefix, firstFixed, sortField } = layout;
  const right = layout.right.get(column.key);
  const left = layout.left.get(column.key);
  const className = [
    `${prefix}-cell`,
    column.ellipsis && `${prefix}-cell-ellipsis`,
    right !== undefined && `${prefix}-cell-fix-right`,
    left !== undefined && `${prefix}-cell-fix-left`,
    column.key === layout.lastLeft && 'fw-fix-left-last',
    column.key === firstFixed && `${prefix}-cell-fix-right-first`,
    column.key === sortField && `${prefix}-column-sort`,
  ]
    .filter(Boolean)
    .join(' ');
  const align = column.align ? { textAlign: column.align } : undefined;
  const style =
    right !== undefined
      ? { position: 'sticky' as const, right, ...align }
      : left !== undefined
        ? { position: 'sticky' as const, left, ...align }
        : align;
  return { className, style };
}

/** The ticking column's cell: fixed at the left edge with the first columns, when they are. */
const selectionCell = (p: string, fixed: boolean) => ({
  className: `${p}-cell ${p}-selection-column${fixed ? ` ${p}-cell-fix-left` : ''}`,
  style: fixed ? { position: 'sticky' as const, left: 0 } : undefined,
});

function HeaderCell({
  column,
  layout,
  sort,
  onSort,
}: {
  column: ListColumn;
  layout: Layout;
  sort?: CrudSort;
  onSort(sort: CrudSort | undefined): void;
}) {
  const { className, style } = cellProps(column, layout);
  if (!column.sortable) {
    return (
      <th className={className} style={style} scope="col" title={column.ellipsis ? column.title : undefined}>
        {column.title}
      </th>
    );
  }
  const p = layout.prefix;
  const order = sort?.field === column.key ? sort.order : undefined;
  const next = nextSort(column.key, sort);
  const act = () => onSort(next);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') act();
  };
  return (
    <th
      className={`${className} ${p}-column-has-sorters`}
      style={style}
      scope="col"
      tabIndex={0}
      aria-label={column.title}
      aria-sort={order ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
      title={next ? (next.order === 'asc' ? '点击升序' : '点击降序') : '取消排序'}
      onClick={act}
      onKeyDown={onKeyDown}
    >
      <div className={`${p}-column-sorters`}>
        <span className={`${p}-column-title`}>{column.title}</span>
        <span className={`${p}-column-sorter ${p}-column-sorter-full`}>
          <span className={`${p}-column-sorter-inner`} aria-hidden="true">
            <span className={`anticon anticon-caret-up ${p}-column-sorter-up${order === 'asc' ? ' active' : ''}`}>{caret(true)}</span>
            <span className={`anticon anticon-caret-down ${p}-column-sorter-down${order === 'desc' ? ' active' : ''}`}>{caret(false)}</span>
          </span>
        </span>
      </div>
    </th>
  );
}

/** One record's row. Memoised: ticking a box or a refetch with the same rows redraws only what changed. */
const BodyRow = memo(function BodyRow({
  record,
  columns,
  layout,
  picked,
  onPick,
}: {
  record: Row;
  columns: ListColumn[];
  layout: Layout;
  picked?: boolean;
  onPick?(record: Row, on: boolean): void;
}) {
  const p = layout.prefix;
  return (
    <tr className={`${p}-row ${p}-row-level-0${picked ? ` ${p}-row-selected` : ''}`} data-row-key={record.id}>
      {onPick && (
        <td {...selectionCell(p, layout.left.size > 0)}>
          <Checkbox checked={picked} onChange={(e) => onPick(record, e.target.checked)} aria-label="选择" />
        </td>
      )}
      {columns.map((column) => {
        const { className, style } = cellProps(column, layout);
        return (
          <td key={column.key} className={className} style={style}>
            {column.render(record)}
          </td>
        );
      })}
    </tr>
  );
});

/**
 * A list's table, drawn with antd's table styles but without antd's Table: that one builds several
 * components and contexts per cell, measures its columns after the first draw and draws every row
 * again, which took most of the time a list needed to show its rows. This one draws a row once,
 * takes the fixed columns' offsets from their declared widths, and only reads the layout (for the
 * shadow beside the fixed columns) after the rows are on screen. Sorting by a header, ticking rows
 * and the pager work as antd's Table does.
 */
export function ListTable(props: ListTableProps) {
  const { columns, records, width, loading, empty, sort, onSort, selection, page, pageSize, pageSizes, total, onPage } = props;
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefix = getPrefixCls('table');
  const [wrapCSSVar, hashId, cssVarCls] = useTableStyle(prefix);
  const { token } = theme.useToken();
  // The left columns stay fixed only where the box leaves room to scroll beside them and the right ones.
  const [leftRoom, setLeftRoom] = useState(true);
  const start = selection ? SELECTION_WIDTH : 0;
  const { left, right } = fixedOffsets(columns, start, leftRoom);
  const wanted = fixedOffsets(columns, start, true);
  const pinnedWidth = [...wanted.left.keys(), ...wanted.right.keys()].reduce(
    (sum, key) => sum + (columns.find((c) => c.key === key)?.width ?? SHARED_MIN),
    start,
  );
  const layout: Layout = {
    prefix,
    left,
    right,
    firstFixed: columns.find((c) => right.has(c.key))?.key,
    lastLeft: columns.findLast((c) => left.has(c.key))?.key,
    sortField: sort?.field,
  };
  const layoutKey = `${prefix}|${[...left].join()}|${[...right].join()}|${layout.firstFixed}|${layout.sortField}`;
  const stable = useRef({ key: '', layout });
  if (stable.current.key !== layoutKey) stable.current = { key: layoutKey, layout };

  // The shadows beside the fixed columns while more of the table lies beyond them (antd's "ping").
  // antd marks the whole table for it, and any class change there restyles every cell (antd's
  // `[class^="ant-"]` rules): here a shadow of its own, one element a side, is shown or hidden instead.
  const content = useRef<HTMLDivElement>(null);
  const shadow = useRef<HTMLDivElement>(null);
  const leftShadow = useRef<HTMLDivElement>(null);
  const measure = () => {
    const el = content.current;
    if (!el) return;
    setLeftRoom(el.clientWidth >= pinnedWidth + SCROLL_ROOM);
    const mark = shadow.current;
    if (mark) {
      mark.classList.toggle('fw-table-ping-on', el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
      mark.style.height = `${el.clientHeight}px`;
    }
    const leftMark = leftShadow.current;
    // The left columns' width is read off the page: the last of them may have no declared width.
    const lastLeft = el.querySelector('thead .fw-fix-left-last');
    if (leftMark && lastLeft) {
      leftMark.classList.toggle('fw-table-ping-on', el.scrollLeft > 0);
      leftMark.style.left = `${lastLeft.getBoundingClientRect().right - el.getBoundingClientRect().left}px`;
      leftMark.style.height = `${el.clientHeight}px`;
    }
  };
  useEffect(() => {
    measure();
    const el = content.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `measure` is new on every render: with it each render would measure and observe anew; the listed values are what change what it measures
  }, [records, width, layoutKey, pinnedWidth]);

  const keys = selection ? new Set(selection.keys) : null;
  const pageIds = records.map((r) => r.id as Key);
  const onPick = useRef<(record: Row, on: boolean) => void>(undefined);
  onPick.current = (record, on) => {
    if (!selection) return;
    selection.onChange(on ? [...selection.keys, record.id as Key] : selection.keys.filter((k) => k !== record.id));
  };
  const pick = useRef((record: Row, on: boolean) => onPick.current?.(record, on)).current;
  const allPicked = !!keys && pageIds.length > 0 && pageIds.every((id) => keys.has(id));
  const somePicked = !!keys && pageIds.some((id) => keys.has(id));
  const pickPage = (on: boolean) => {
    if (!selection) return;
    const rest = selection.keys.filter((k) => !pageIds.includes(k));
    selection.onChange(on ? [...rest, ...pageIds] : rest);
  };

  const p = prefix;
  const hasFixed = right.size > 0;
  const hasLeft = left.size > 0;
  const fixedWidth = [...right.keys()].reduce((sum, key) => sum + (columns.find((c) => c.key === key)?.width ?? 0), 0);
  const tableClass = [
    p,
    `${p}-middle`,
    hashId,
    cssVarCls,
    `${p}-layout-fixed`,
    `${p}-scroll-horizontal`,
    (hasFixed || hasLeft) && `${p}-fixed-column`,
    hasFixed && `${p}-has-fix-right`,
    hasLeft && `${p}-has-fix-left`,
    !records.length && `${p}-empty`,
  ]
    .filter(Boolean)
    .join(' ');
  const shadowStyle = { zIndex: token.zIndexBase + 3, '--fw-ping-color': token.colorSplit } as CSSProperties;
  const span = columns.length + (selection ? 1 : 0);

  return wrapCSSVar(
    <div className={[cssVarCls, `${p}-wrapper`, hashId].filter(Boolean).join(' ')}>
      <Spin spinning={loading} delay={SPIN_DELAY}>
        <div className={tableClass}>
          <div className={`${p}-container`}>
            {/* No rows, no shadow: it would draw a line through the empty list's words. */}
            {hasFixed && records.length > 0 && (
              <div ref={shadow} className="fw-table-ping" aria-hidden="true" style={{ right: fixedWidth, ...shadowStyle }} />
            )}
            {hasLeft && records.length > 0 && (
              <div ref={leftShadow} className="fw-table-ping fw-table-ping-left" aria-hidden="true" style={shadowStyle} />
            )}
            <div
              ref={content}
              className={`${p}-content`}
              onScroll={measure}
              style={{ overflow: 'auto hidden', ...(records.length ? {} : { containerType: 'inline-size' }) }}
            >
              <table style={{ width, minWidth: '100%', tableLayout: 'fixed' }}>
                <colgroup>
                  {selection && <col style={{ width: SELECTION_WIDTH }} />}
                  {columns.map((c) => (
                    <col key={c.key} style={c.width === undefined ? undefined : { width: c.width }} />
                  ))}
                </colgroup>
                <thead className={`${p}-thead`}>
                  <tr>
                    {selection && (
                      <th {...selectionCell(p, hasLeft)} scope="col">
                        <div className={`${p}-selection`}>
                          <Checkbox
                            checked={allPicked}
                            indeterminate={!allPicked && somePicked}
                            disabled={!pageIds.length}
                            onChange={(e) => pickPage(e.target.checked)}
                            aria-label="全选本页"
                          />
                        </div>
                      </th>
                    )}
                    {columns.map((c) => (
                      <HeaderCell key={c.key} column={c} layout={stable.current.layout} sort={sort} onSort={onSort} />
                    ))}
                  </tr>
                </thead>
                <tbody className={`${p}-tbody`}>
                  {records.length ? (
                    records.map((record) => (
                      <BodyRow
                        key={record.id as Key}
                        record={record}
                        columns={columns}
                        layout={stable.current.layout}
                        picked={keys ? keys.has(record.id as Key) : undefined}
                        onPick={selection ? pick : undefined}
                      />
                    ))
                  ) : (
                    <tr className={`${p}-placeholder`}>
                      <td className={`${p}-cell`} colSpan={span}>
                        {/* As wide as the visible part of the table, and kept there when it scrolls. */}
                        <div
                          className={`${p}-expanded-row-fixed`}
                          style={{ width: '100cqw', position: 'sticky', left: 0, overflow: 'hidden' }}
                        >
                          {loading ? null : empty}
                        </div>
                      </td>
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
          </div>
        </div>
        {total > 0 && (
          <Pagination
            className={`${p}-pagination`}
            align="end"
            size="small"
            current={page}
            pageSize={pageSize}
            total={total}
            pageSizeOptions={pageSizes}
            showSizeChanger
            showTotal={(n) => `共 ${n} 条`}
            onChange={onPage}
          />
        )}
      </Spin>
    </div>,
  );
}
