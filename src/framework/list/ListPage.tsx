import { useMemo, useState } from 'react';
import { useDataProvider, useList } from '@refinedev/core';
import { CreateButton } from '@refinedev/antd';
import { Button, Card, Empty, Space, Table, Typography, message } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ResourceDef } from '../types';
import { allows, roleOf } from '../types';
import { useRole } from '../use-role';
import { buildColumns, listFields, searchFields } from './columns';
import { download, exportCsv } from './export-csv';
import { RowActions, hasRowActions } from './RowActions';
import { SearchForm } from './SearchForm';
import { PAGE_SIZES, toCrudFilters } from './url-state';
import { useListState } from './use-list-state';

/** The generated list screen of a declared resource. */
export default function ListPage({ name, def }: { name: string; def: ResourceDef }) {
  const role = roleOf(useRole());
  const { state, update } = useListState(def);
  const filters = useMemo(() => toCrudFilters(def, state.filters), [def, state.filters]);
  const sorters = useMemo(() => (state.sort ? [state.sort] : []), [state.sort]);
  const { result, query } = useList({
    resource: name, filters, sorters,
    pagination: { currentPage: state.page, pageSize: state.pageSize, mode: 'server' },
    queryOptions: { placeholderData: (previous) => previous },
  });
  const fields = useMemo(() => listFields(def, role), [def, role]);
  const columns = useMemo(() => {
    const cols = buildColumns(fields, state.sort);
    if (!hasRowActions(def, role)) return cols;
    return [...cols, {
      key: '__actions', title: '操作', fixed: 'right' as const,
      render: (_: unknown, record: Record<string, any>) =>
        <RowActions name={name} def={def} record={record} role={role} onDone={() => query.refetch()} />,
    }];
  }, [fields, state.sort, def, role, name, query]);
  const search = useMemo(() => searchFields(def, role), [def, role]);
  const dataProvider = useDataProvider()();
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    setExporting(true);
    try {
      const { csv, rows } = await exportCsv({ dataProvider, resource: name, columns: fields, filters, sorters });
      download(`${def.label}-${new Date().toISOString().slice(0, 10)}.csv`, csv);
      message.success(`已导出 ${rows} 条记录`);
    } catch {
      // The http client has already shown why.
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card
      title={<Typography.Title level={5} style={{ margin: 0 }}>{def.menu ? (typeof def.menu.label === 'string' ? def.menu.label : def.label) : def.label}</Typography.Title>}
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => query.refetch()} aria-label="刷新" />
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport} disabled={!result.total}>导出 CSV</Button>
          {allows(def.access.add, role) && <CreateButton resource={name}>新建</CreateButton>}
        </Space>
      }
    >
      <SearchForm fields={search} values={state.filters} onSearch={(values) => update({ filters: values, page: 1 })} />
      <Table
        rowKey="id" size="middle" columns={columns} dataSource={result.data}
        loading={query.isFetching} scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={query.isError ? '加载失败' : '暂无数据'} /> }}
        pagination={{
          current: state.page, pageSize: state.pageSize, total: result.total ?? 0,
          pageSizeOptions: PAGE_SIZES, showSizeChanger: true, showTotal: (total) => `共 ${total} 条`,
        }}
        onChange={(pagination, _filters, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const sort = s?.order ? { field: String(s.columnKey ?? s.field), order: s.order === 'ascend' ? 'asc' as const : 'desc' as const } : undefined;
          const sizeChanged = pagination.pageSize !== state.pageSize;
          update({ page: sizeChanged ? 1 : pagination.current ?? 1, pageSize: pagination.pageSize ?? state.pageSize, sort });
        }}
      />
    </Card>
  );
}
