import { useState } from 'react';
import { useDataProvider } from '@refinedev/core';
import { App, Button } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import type { ToolbarActionProps } from '../../framework/registry';
import { download } from '../../framework/download';
import { dateIn } from '../../framework/time-zone';
import { toCrudFilters } from '../../framework/list/url-state';
import { api } from '../../providers/http';
import { linkLine } from './clipboard';

interface Link { identifier: string; url: string }
interface Exported { list: Link[]; total: number }
/** The filters /api/token/export understands; any other (user, number, time) is read through the list. */
const EXPORTABLE = ['state', 'goods_id'];
const PAGE = 1000;
const set = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.every((x) => x === '' || x == null));

/** The ticked links, or all that match the state and product filters, as `identifier----link` lines in a .txt. */
export default function TokenExportToolbar({ resource, def, label, filters, selected, total }: ToolbarActionProps) {
  const { message } = App.useApp();
  const dataProvider = useDataProvider()();
  /** Every matching row, page by page, when the filters go beyond what the export call takes. */
  const throughList = async (): Promise<Link[]> => {
    const crud = toCrudFilters(def, filters);
    const out: Link[] = [];
    for (let page = 1; ; page += 1) {
      const r = await dataProvider.getList({ resource, filters: crud, pagination: { currentPage: page, pageSize: PAGE, mode: 'server' } });
      out.push(...(r.data as unknown as Link[]));
      if (r.data.length < PAGE || out.length >= r.total) return out;
    }
  };
  const [busy, setBusy] = useState(false);
  const picked = selected.length > 0;
  const run = async () => {
    setBusy(true);
    try {
      const body = picked ? { ids: selected } : {
        ...(filters.state ? { state: filters.state } : {}),
        ...(filters.goods_id ? { goods_id: filters.goods_id } : {}),
      };
      const plain = picked || Object.entries(filters).every(([k, v]) => !set(v) || EXPORTABLE.includes(k));
      const r = plain ? await api.post<Exported>('/api/token/export', body) : { list: await throughList() };
      if (!r.list.length) { message.warning('没有可导出的链接'); return; }
      // Windows line ends, so Notepad shows the lines.
      download(`API链接-${dateIn()}.txt`, `${r.list.map(linkLine).join('\r\n')}\r\n`, 'text/plain;charset=utf-8');
      message.success(`已导出 ${r.list.length} 条链接`);
    } catch {
      // Shown by the http client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<FileTextOutlined />} loading={busy} disabled={!picked && !total} onClick={run}>
      {picked ? `${label}（所选 ${selected.length}）` : `${label}（全部）`}
    </Button>
  );
}
