import type { ResourceHooks } from '../platform/crud/hooks.js';
import type { Row } from '../platform/http/validate.js';
import { fail } from '../platform/http/envelope.js';
import { sanitizeHtml } from '../platform/lib/sanitize-html.js';

/** Notice content is stored already sanitized; content that sanitizes to nothing is refused. */
function clean(values: Row, now: number): Row {
  if (typeof values.content !== 'string') return { ...values, update_at: now };
  const content = sanitizeHtml(values.content);
  if (!content.replace(/<[^>]*>|&nbsp;|\s/g, '')) throw fail.badInput('请输入内容', { content: '请输入内容' });
  return { ...values, content, update_at: now };
}

export const noticeHooks: ResourceHooks = {
  beforeAdd: (values, { ctx }) => clean(values, ctx.now()),
  beforeEdit: (_id, values, _existing, { ctx }) => clean(values, ctx.now()),
};
