import { CopyOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';

/** Puts text on the clipboard (the old way where the Clipboard API is missing, as in some in-app browsers). */
export async function copyText(text: string): Promise<boolean> {
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

interface Props { text: string; label: string; done: string; size?: 'small' | 'middle'; type?: 'default' | 'primary' | 'link' }

/** A copy button that says what it copied (`done`) or that copying failed. */
export function CopyButton({ text, label, done, size, type }: Props) {
  const { message } = App.useApp();
  const copy = async () => {
    if (await copyText(text)) message.success(done);
    else message.error('复制失败，请长按手动复制');
  };
  return <Button icon={<CopyOutlined />} size={size} type={type} onClick={copy}>{label}</Button>;
}
