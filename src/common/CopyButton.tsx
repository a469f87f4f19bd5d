import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { COPY_FAILED, copyText } from '../framework/copy';
import { message } from '../framework/notices';
import './copy-button.css';

interface Props {
  text: string;
  label: string;
  /** What the success message says; by default the label without 复制, then 已复制 (复制地址: 地址已复制). */
  done?: string;
  size?: 'small' | 'middle';
  type?: 'default' | 'primary' | 'link';
}

/** A copy button that says what it copied or that copying failed; 44 px tall on a phone. */
export function CopyButton({ text, label, done, size, type }: Props) {
  const copy = async () => {
    if (await copyText(text)) message.success(done ?? `${label.replace(/^复制/, '')}已复制`);
    else message.error(COPY_FAILED);
  };
  return (
    <Button className="copy-button" icon={<CopyOutlined />} size={size} type={type} onClick={copy}>
      {label}
    </Button>
  );
}
