import { message, notification } from 'antd';

/**
 * Toasts and notices from outside React (the http client). Tests and the app share antd's static
 * methods; main.tsx wires them to React 19 with unstableSetRender.
 */
export const feedback = {
  error: (text: string) => { message.error(text); },
  success: (text: string) => { message.success(text); },
  relogin: (text: string) => { notification.error({ message: `${text} 需要重新登录`, description: '请重新登录' }); },
};
