import type { ReactElement, ReactNode } from 'react';
import { ConfigProvider, Modal, message, notification } from 'antd';
import { renderAntdStaticsWithReact19 } from './antd-react19';

export { Modal, message, notification };

/**
 * Readies antd's static toasts, dialogs and notices: rendered with React 19, and inside `frame` (the
 * app's own ConfigProvider: its theme, locale and motion) when the app gave one.
 */
export function setUp(frame: ((children: ReactNode) => ReactElement) | undefined): void {
  renderAntdStaticsWithReact19();
  if (frame) ConfigProvider.config({ holderRender: frame });
}
