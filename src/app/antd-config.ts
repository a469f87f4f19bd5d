import type { ConfigProviderProps } from 'antd/es/config-provider';
// The ES build: the CommonJS `antd/locale/zh_CN` reaches Vite as a module object, not the locale.
import zhCN from 'antd/es/locale/zh_CN';

/**
 * antd's settings for every screen, and for what the server renders ahead of the app (its class
 * names and markup must be the app's own).
 */
export const ANTD_CONFIG: ConfigProviderProps = {
  locale: zhCN,
  theme: { token: { colorPrimary: '#1677ff' } },
  button: { autoInsertSpace: false },
};
