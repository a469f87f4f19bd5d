import { Button } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { ToolbarActionProps } from '../../framework/registry';
import { COPY_FAILED, copyText } from '../../framework/copy';
import { linkLine } from './clipboard';
import { message } from '../../framework/notices';

/** The ticked links as `identifier----link` lines on the clipboard. */
export default function TokenCopySelectedToolbar({ label, selectedRecords }: ToolbarActionProps) {
  const rows = selectedRecords.filter((r) => r.url);
  const copy = async () => {
    if (await copyText(rows.map(linkLine).join('\n'))) message.success(`已复制 ${rows.length} 条`);
    else message.error(COPY_FAILED);
  };
  return (
    <Button icon={<CopyOutlined />} disabled={!rows.length} onClick={copy}>
      {label}
    </Button>
  );
}
