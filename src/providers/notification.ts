import type { NotificationProvider } from '@refinedev/core';
import { message } from 'antd';

/**
 * Refine's notices as antd toasts. Our own (not @refinedev/antd's) so the first screen does not load
 * that package.
 */
export const notificationProvider: NotificationProvider = {
  open: ({ key, type, message: text, description }) => {
    const content = description && description !== text ? `${text}: ${description}` : text;
    if (type === 'success') message.success({ key, content });
    else if (type === 'error') message.error({ key, content });
    else message.info({ key, content });
  },
  close: (key) => message.destroy(key),
};
