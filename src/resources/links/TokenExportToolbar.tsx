import { useState } from 'react';
import { useDataProvider } from '@refinedev/core';
import { Button } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import type { ToolbarActionProps } from '../../framework/registry';
import { download } from '../../framework/download';
import { dateIn } from '../../framework/time-zone';
import { readPages } from '../../framework/list/read-pages';
import { toCrudFilters } from '../../framework/list/url-state';
import { api } from '../../providers/http';
import { linkLine } from './clipboard';
import { message } from '../../framework/notices';

interface Link {
  identifier: string;
  url: string;
}
interface Exported {
  list: Link[];
  total: number;
  truncated?: boolean;
}
/** The filters /api/token/export understands; any other (user, number, time) is read through the list. */
const EXPORTABLE = ['state', 'goods_id'];
/** The most links one file holds, read either way: /api/token/export's own limit. */
const MAX_LINKS = 50_000;
const set = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.every((x) => x === '' || x == null));

/** The ticked links, or all the list finds (its tab and filters), as `identifier----link` lines in a .txt. */
export default function TokenExportToolbar({ resource, def, label, filters, selected, total }: ToolbarActionProps) {
  const dataProvider = useDataProvider()();
  /**
   * Every matching row, page by page until a short page (the list's total stops counting at its cap),
   * when the filters go beyond what the export call takes.
   */
  const throughList = async (): Promise<Exported> => {
    const list: Link[] = [];
    const r = await readPages({ dataProvider, resource, filters: toCrudFilters(def, filters) }, MAX_LINKS, (rows) => {
      list.push(...(rows as unknown as Link[]));
    });
    return { list, total: list.length, truncated: r.truncated };
  };
  const [busy, setBusy] = useState(false);
  const picked = selected.length > 0;
  const run = async () => {
    setBusy(true);
    try {
      const body = picked
        ? { ids: selected }
        : {
            ...(filters.state ? { state: filters.state } : {}),
            ...(filters.goods_id ? { goods_id: filters.goods_id } : {}),
          };
      // A tab's few states at once (an array) are read through the list, which takes them.
      const plain = picked || Object.entries(filters).every(([k, v]) => !set(v) || (EXPORTABLE.includes(k) && !Array.isArray(v)));
      const r = plain ? await api.post<Exported>('/api/token/export', body) : await throughList();
      if (!r.list.length) {
        message.warning('没有可导出的链接');
        return;
      }
      // Windows line ends, so Notepad shows the lines.
      download(`号码-${dateIn()}.txt`, `${r.list.map(linkLine).join('\r\n')}\r\n`, 'text/plain;charset=utf-8');
      if (r.truncated) message.warning(`已导出前 ${r.list.length} 条链接（文件已截断，请用筛选缩小范围）`);
      else message.success(`已导出 ${r.list.length} 条链接`);
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
