import type { NotificationProvider } from '@refinedev/core';
import { message } from '../framework/notices';

/**
 * Refine's notices as antd toasts. Our own (not @refinedev/antd's) so the first screen does not load
 * that package. Refine's error notices are not shown: every failed call reaches the http client,
 * which has shown it once, in Chinese (Refine would add "错误 (状态码: 0): ..." beside it).
 */
export const notificationProvider: NotificationProvider = {
  open: ({ key, type, message: text, description }) => {
    if (type === 'error') return;
    const content = description && description !== text ? `${text}: ${description}` : text;
    if (type === 'success') message.success({ key, content });
    else message.info({ key, content });
  },
  close: (key) => message.destroy(key),
};
