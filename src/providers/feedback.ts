import { message, notification } from '../framework/notices';

/**
 * Toasts and notices from outside React (the http client), through src/framework/notices.ts. A toast
 * is keyed by its text: several calls failing the same way (the network is down) show it once.
 */
export const feedback = {
  error: (text: string) => {
    message.error({ content: text, key: `error:${text}` });
  },
  success: (text: string) => {
    message.success({ content: text, key: `success:${text}` });
  },
  relogin: (text: string) => {
    notification.error({ key: 'relogin', message: `${text} 需要重新登录`, description: '请重新登录' });
  },
};
