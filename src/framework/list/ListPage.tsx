import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useDataProvider, type CrudSort } from '@refinedev/core';
import { Alert, Button, Space } from 'antd';
import { message } from '../notices';
import { DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ResourceDef } from '../declaration';
import { roleOf } from '../declaration';
import { dateIn } from '../time-zone';
import { useNarrow } from '../use-narrow';
import { useOpen } from '../use-open';
import { permits, useGrants, useRole } from '../use-role';
import { buildColumns, listFields, searchFields, tableWidth } from './columns';
import { byPriority, droppedForRoom } from './column-priority';
import { ListTabs } from './ListTabs';
import { RowLink } from './RowLink';
import { useBoxWidth } from './use-box-width';
import './list.css';
import { ColumnSettings } from './ColumnSettings';
import { download } from '../download';
import { exportCsv } from './export-csv';
import { ListCards } from './ListCards';
import { ListEmpty } from './ListEmpty';
import type { ListColumn } from './ListTable';
import { ListTable } from './lazy-table';
import { ListToolbar } from './ListToolbar';
import { labelFor } from '../menu';
import { Panel } from '../page/Panel';
import { registry } from '../registry';
import { rememberListQuery } from './list-memory';
import { RowActions, actionsWidth, hasRowActions } from './RowActions';
import { SearchForm } from './SearchForm';
import { SortSelect } from './SortSelect';
import { PAGE_SIZES, filterValues, listRequest } from './url-state';
import { useColumnChoice } from './use-column-choice';
import { useDeleteRecord } from './use-delete-record';
import { useAnyRows, useListQuery } from './use-list-query';
import { useListState } from './use-list-state';
import { useLive } from './use-live';
import { useSelection } from './use-selection';
import '../framework.css';

const sameSort = (a?: CrudSort, b?: CrudSort) => a?.field === b?.field && a?.order === b?.order;

/**
 * The generated list screen of a declared resource: a table on a wide screen, cards on a phone.
 * Its filters, page and sort live in the URL (and are remembered for the way back from a form).
 */
export default function ListPage({ name, def }: { name: string; def: ResourceDef }) {
  const role = roleOf(useRole());
  useGrants();
  const narrow = useNarrow();
  const { opening, open } = useOpen();
  const { state, update, query: urlQuery } = useListState(def);
  useEffect(() => rememberListQuery(name, urlQuery), [name, urlQuery]);
  useEffect(() => {
    void registry.preloadActionsFor(def);
  }, [def]);
  // The same request the entry may have started already for this address (`listAt`).
  const { filters, sorters } = useMemo(() => listRequest(def, state), [def, state]);
  // The toolbar's actions (an export) act on the rows as the list finds them: the tab's and the search form's filters.
  const toolbarFilters = useMemo(() => filterValues(def, state), [def, state]);
  const { result, query } = useListQuery(name, filters, sorters, state.page, state.pageSize);
  const onDelete = useDeleteRecord(name, def.label);
  const { refetch } = query;
  const { quiet } = useLive(def.live?.seconds, refetch);
  const actions = useMemo(() => {
    if (!hasRowActions(def, role)) return undefined;
    return (record: Record<string, unknown>, compact?: boolean) => (
      <RowActions
        name={name}
        def={def}
        record={record}
        role={role}
        onDone={() => refetch()}
        onDelete={onDelete}
        onOpen={open}
        compact={compact}
      />
    );
  }, [def, role, name, onDelete, refetch, open]);

  // The columns a role may see, and of those the ones shown (the declared ones, or as chosen under 列设置).
  const available = useMemo(() => listFields(def, role), [def, role]);
  const { shown: fields, visible, defaults, choose } = useColumnChoice(name, available);
  const search = useMemo(() => searchFields(def, role), [def, role]);
  // A list with column priorities leaves its lesser columns out while its box is too narrow for them
  // (unless shown all, or picked by hand under 列设置); what is left scrolls sideways if still too wide.
  const tableBox = useRef<HTMLDivElement>(null);
  const prioritized = byPriority(fields);
  const room = useBoxWidth(tableBox, prioritized && !narrow);
  const [allColumns, setAllColumns] = useState(false);
  const extraWidth = (actions ? actionsWidth(def, role) : 0) + (def.selectable ? 40 : 0);
  const dropped = useMemo(
    () =>
      prioritized && room !== null && !allColumns
        ? droppedForRoom(
            fields,
            (fs) => tableWidth(fs, extraWidth),
            room,
            visible.filter((n) => !defaults.includes(n)),
          )
        : [],
    [prioritized, room, allColumns, fields, extraWidth, visible, defaults],
  );
  const tableFields = useMemo(() => (dropped.length ? fields.filter(([n]) => !dropped.includes(n)) : fields), [fields, dropped]);
  const columns = useMemo<ListColumn[]>(() => {
    const cols = buildColumns(tableFields);
    if (!actions) return cols;
    return [...cols, { key: '__actions', title: '操作', fixed: 'right', width: actionsWidth(def, role), render: (r) => actions(r, true) }];
  }, [tableFields, actions, def, role]);
  const dataProvider = useDataProvider()();
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    setExporting(true);
    try {
      const { csv, rows, truncated } = await exportCsv({ dataProvider, resource: name, columns: fields, filters, sorters });
      download(`${def.label}-${dateIn()}.csv`, csv, 'text/csv;charset=utf-8');
      if (truncated) message.warning(`已导出前 ${rows} 条记录（文件已截断，请用筛选缩小范围）`);
      else message.success(`已导出 ${rows} 条记录`);
    } catch {
      // The http client has already shown why.
    } finally {
      setExporting(false);
    }
  };

  const error = query.isError ? query.error : null;
  // The chosen tab, when it narrows the rows, and the tab that shows them all (one without filters).
  const narrowingTab = def.tabs?.find((t) => t.key === state.tab && t.filters && Object.keys(t.filters).length);
  const allTab = def.tabs?.find((t) => !t.filters || !Object.keys(t.filters).length);
  const records = (result.data ?? []) as Record<string, unknown>[];
  const total = result.total ?? 0;
  const filtered = Object.values(state.filters).some((v) => v !== undefined && v !== null && v !== '');
  // A tab that found nothing in a list with no rows at all: the list's own first-use words, not the tab's.
  const anyRows = useAnyRows(name, Boolean(narrowingTab) && !filtered && !error && query.isSuccess && total === 0);
  const empty = (
    <ListEmpty
      def={def}
      role={role}
      failed={Boolean(error)}
      filtered={filtered}
      onClear={() => update({ filters: {}, page: 1 })}
      onOpen={open}
      tab={
        narrowingTab &&
        anyRows !== false && {
          label: narrowingTab.label,
          all: allTab?.label,
          onAll: allTab && (() => update({ tab: allTab.key, page: 1 })),
        }
      }
    />
  );
  const selection = useSelection(records);
  // Ticks belong to the rows the filters found: new filters start with none (pages keep them).
  const filterKey = JSON.stringify(state.filters);
  const { clear } = selection;
  const firstFilters = useRef(filterKey);
  useEffect(() => {
    if (filterKey !== firstFilters.current) {
      firstFilters.current = filterKey;
      clear();
    }
  }, [filterKey, clear]);
  const selectable = Boolean(def.selectable);
  // A live list's own refetches keep the rows still: no spinner over them.
  const loading = query.isFetching && !quiet;
  const setSort = (sort: CrudSort | undefined) => update({ sort, page: sameSort(sort, state.sort) ? state.page : 1 });
  const title = def.menu ? labelFor(def.menu, role) : def.label;

  return (
    <Panel
      className="fw-list-card"
      kind="list"
      // Opening a record or a new one: the rows and the filters give way at once (the address already says where).
      loading={opening}
      title={title}
      extra={
        <Space size={narrow ? 4 : 8}>
          <Button icon={<ReloadOutlined />} onClick={() => query.refetch()} aria-label="刷新" />
          {available.length > 1 && (
            <ColumnSettings
              columns={available.map(([n, f]) => ({ name: n, label: f.label }))}
              visible={visible}
              defaults={defaults}
              narrow={narrow}
              onChange={choose}
            />
          )}
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport} disabled={!total} aria-label="导出 CSV">
            {narrow ? null : '导出 CSV'}
          </Button>
          {permits(def.access.add, role) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open(`${def.route}/create`)}>
              新建
            </Button>
          )}
        </Space>
      }
    >
      {def.tabs && def.tabs.length > 1 && <ListTabs tabs={def.tabs} current={state.tab} onChange={(tab) => update({ tab, page: 1 })} />}
      <SearchForm
        fields={search}
        values={state.filters}
        narrow={narrow}
        onSearch={(values) => update({ filters: values, page: 1 })}
        toolbar={narrow ? <SortSelect fields={available} sort={state.sort} onSort={setSort} /> : null}
      />
      {error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message="列表加载失败"
          description={error.message || '请稍后重试'}
          action={
            <Button size="small" onClick={() => query.refetch()}>
              重试
            </Button>
          }
        />
      )}
      <ListToolbar
        name={name}
        def={def}
        role={role}
        narrow={narrow}
        filters={toolbarFilters}
        total={total}
        pageIds={records.map((r) => r.id as string | number)}
        records={records}
        selection={selectable ? selection : null}
        onDone={() => refetch()}
      />
      {narrow ? (
        <ListCards
          fields={fields}
          lead={def.cardLead}
          records={records}
          loading={loading}
          empty={empty}
          actions={actions && ((r) => actions(r))}
          selection={selectable ? selection : undefined}
          page={state.page}
          pageSize={state.pageSize}
          total={total}
          onPage={(page) => update({ page })}
        />
      ) : (
        <div ref={tableBox} className="fw-table-box">
          {dropped.length > 0 && (
            <div className="fw-columns-dropped" data-testid="columns-dropped">
              窗口较窄，已收起 {dropped.map((n) => def.fields[n]?.label ?? n).join('、')}
              <RowLink onClick={() => setAllColumns(true)}>显示全部列</RowLink>
            </div>
          )}
          <Suspense fallback={<div className="fw-table-waiting" />}>
            <ListTable
              columns={columns}
              records={records}
              loading={loading}
              empty={empty}
              width={tableWidth(tableFields, extraWidth)}
              sort={state.sort}
              onSort={setSort}
              selection={selectable ? { keys: selection.keys, onChange: selection.setKeys } : undefined}
              page={state.page}
              pageSize={state.pageSize}
              pageSizes={PAGE_SIZES}
              total={total}
              // A new page size starts again at page 1; a page link goes to its page.
              onPage={(page, pageSize) => update({ page: pageSize !== state.pageSize ? 1 : page, pageSize })}
            />
          </Suspense>
        </div>
      )}
    </Panel>
  );
}
