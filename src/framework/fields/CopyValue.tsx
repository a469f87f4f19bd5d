import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { COPY_FAILED, copyText } from '../copy';
import { message } from '../notices';

/** How long the button says 已复制. */
const DONE_MS = 3000;

/** A value with a button after it that copies it; the button shows a tick (and says 已复制) for a moment. */
export function CopyValue({ text }: { text: string }) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return undefined;
    const timer = window.setTimeout(() => setDone(false), DONE_MS);
    return () => window.clearTimeout(timer);
  }, [done]);
  const copy = async () => {
    if (await copyText(text)) setDone(true);
    else message.error(COPY_FAILED);
  };
  return (
    <span className="fw-copy">
      {text}
      <button
        type="button"
        className="fw-copy-button"
        title={done ? '已复制' : '复制'}
        aria-label={done ? '已复制' : '复制'}
        onClick={copy}
      >
        {done ? <CheckOutlined /> : <CopyOutlined />}
      </button>
    </span>
  );
}
