import { createElement, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { ANTD_CONFIG } from '../../src/app/antd-config';

/**
 * The app's frame for toasts, dialogs and notices (src/app/App.tsx), without motion: a destroyed
 * toast leaves the DOM at once (jsdom never ends a CSS animation).
 */
export const testNoticeFrame = (children: ReactNode) =>
  createElement(
    ConfigProvider,
    { ...ANTD_CONFIG, theme: { ...ANTD_CONFIG.theme, token: { ...ANTD_CONFIG.theme?.token, motion: false } } },
    children,
  );
