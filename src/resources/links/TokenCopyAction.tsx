import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';
import { COPY_FAILED, copyText } from '../../framework/copy';
import { linkLine } from './clipboard';
import { message } from '../../framework/notices';

/** Row links that copy a link, or `identifier----link`, to the clipboard. */
function copier(what: 'link' | 'line') {
  return function TokenCopyAction({ record, label }: RowActionProps) {
    if (!record.url) return null;
    const copy = async () => {
      const done = await copyText(what === 'link' ? record.url : linkLine(record));
      if (done) message.success(what === 'link' ? '链接已复制' : '号码和链接已复制');
      else message.error(COPY_FAILED);
    };
    return <RowLink onClick={copy}>{label}</RowLink>;
  };
}

export const TokenCopyLink = copier('link');
export const TokenCopyLine = copier('line');
