import type { ReactElement, ReactNode } from 'react';
import type { ModalFuncProps } from 'antd/es/modal';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { later } from './later';

type Frame = (children: ReactNode) => ReactElement;
let frame: Frame | undefined;
let ready: { setUp(frame: Frame | undefined): void } | undefined;

/**
 * antd's toasts (message), confirmations (modal) and notices (notification), whose code (about 50 KB
 * of script) no screen draws first: fetched once the page's network has gone quiet, or at the first
 * call, which shows once it has arrived. Callable from anywhere, inside React or not.
 */
const code = later(() =>
  import('./notices-antd').then((parts) => {
    parts.setUp(frame);
    ready = parts;
    return parts;
  }),
);

/** Fetches the code once the page's network has gone quiet: the app asks for it as it starts. */
export const prefetchNotices = (): void => code.soon();

/** The app's ConfigProvider around every toast, dialog and notice (antd renders them apart from the page). */
export function frameNotices(wrap: Frame): void {
  frame = wrap;
  ready?.setUp(frame);
}

type Deferred<T> = { [K in keyof T]: T[K] extends (...args: infer A) => unknown ? (...args: A) => void : never };

/** `pick`'s methods, each called once the code is in. A failed fetch is reported by vite (src/framework/chunk-reload.ts). */
function deferred<T extends object>(names: Array<keyof T>, pick: (parts: Awaited<ReturnType<typeof code.load>>) => T): Deferred<T> {
  return Object.fromEntries(
    names.map((name) => [
      name,
      (...args: unknown[]) => {
        code.load().then(
          (parts) => {
            const target = pick(parts);
            (target[name] as (...a: unknown[]) => unknown).apply(target, args);
          },
          () => undefined,
        );
      },
    ]),
  ) as Deferred<T>;
}

type Modal = { [K in 'confirm' | 'info' | 'success' | 'error' | 'warning']: (props: ModalFuncProps) => unknown };

export const message = deferred<Pick<MessageInstance, 'success' | 'error' | 'info' | 'warning' | 'loading' | 'destroy'>>(
  ['success', 'error', 'info', 'warning', 'loading', 'destroy'],
  (parts) => parts.message,
);
export const modal = deferred<Modal>(['confirm', 'info', 'success', 'error', 'warning'], (parts) => parts.Modal);
export const notification = deferred<Pick<NotificationInstance, 'success' | 'error' | 'info' | 'warning' | 'open' | 'destroy'>>(
  ['success', 'error', 'info', 'warning', 'open', 'destroy'],
  (parts) => parts.notification,
);

/** The code now: a test or a screen that must show one at once. */
export const loadNotices = (): Promise<unknown> => code.load();
