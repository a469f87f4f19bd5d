import { CopyOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';

/** Puts text on the clipboard (the old way where the Clipboard API is missing, as in some in-app browsers). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  }
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const { message } = App.useApp();
  const copy = async () => {
    if (await copyText(text)) message.success(`${label.replace(/^复制/, '')}已复制`);
    else message.error('复制失败，请长按手动复制');
  };
  return <Button icon={<CopyOutlined />} onClick={copy}>{label}</Button>;
}
