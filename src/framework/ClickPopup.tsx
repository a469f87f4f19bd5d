import { cloneElement, useEffect, useRef, useState, type ComponentType, type ReactElement, type ReactNode, type Ref } from 'react';
import type { DropdownProps, PopconfirmProps, PopoverProps } from 'antd';
import { later, type Later } from './later';

const dropdownCode = later(() => import('antd/es/dropdown'));
const popoverCode = later(() => import('antd/es/popover'));
const popconfirmCode = later(() => import('./popconfirm'));

/** The button that opens a popup. */
type Trigger = ReactElement<{ onClick?: unknown; ref?: Ref<HTMLElement>; 'aria-expanded'?: boolean; 'aria-haspopup'?: 'menu' | 'dialog' }>;

/**
 * A popup opened by a click on its button. Its code (antd's Dropdown and menu, Popover or Popconfirm) is fetched
 * when the page has gone quiet or at the first click, and the popup is built only at that click: a
 * page with one per row would otherwise build them all before showing any. Returns the popup's
 * component once built (else the button alone is drawn), its open state, and the button to draw.
 */
function useClickPopup<P>(code: Later<{ default: ComponentType<P> }>, children: Trigger, haspopup: 'menu' | 'dialog') {
  const Popup = code.use()?.default;
  const [open, setOpen] = useState(false);
  const [armed, setArmed] = useState(false);
  const refocus = useRef(false);
  const button = useRef<HTMLElement>(null);
  const built = armed && Popup ? Popup : null;
  // Building the popup puts a new button in place of the first: keep the keyboard's place.
  useEffect(() => {
    if (built && refocus.current) button.current?.focus();
    refocus.current = false;
  }, [built]);
  const arm = () => {
    refocus.current = document.activeElement === button.current;
    setArmed(true);
    setOpen(true);
    // A failure is reported by vite (src/framework/chunk-reload.ts); the button can be pressed again.
    code.load().catch(() => setArmed(false));
  };
  const trigger = cloneElement(children, {
    ref: button,
    onClick: built ? undefined : arm,
    'aria-expanded': open,
    'aria-haspopup': haspopup,
  });
  return { Popup: built, open, setOpen, trigger };
}

/** A dropdown menu (or `popupRender`'s own content, given the function that closes it) opened by a click on its button. */
export function ClickDropdown({
  children,
  menu,
  popupRender,
  placement,
}: {
  children: Trigger;
  menu?: DropdownProps['menu'];
  popupRender?(close: () => void): ReactNode;
  placement?: DropdownProps['placement'];
}) {
  const { Popup, open, setOpen, trigger } = useClickPopup<DropdownProps>(dropdownCode, children, 'menu');
  if (!Popup) return trigger;
  return (
    <Popup
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={menu}
      placement={placement}
      popupRender={popupRender && (() => popupRender(() => setOpen(false)))}
    >
      {trigger}
    </Popup>
  );
}

/** A popover (a title and content) opened by a click on its button. */
export function ClickPopover({
  children,
  title,
  content,
  placement,
}: {
  children: Trigger;
  title?: ReactNode;
  content: ReactNode;
  placement?: PopoverProps['placement'];
}) {
  const { Popup, open, setOpen, trigger } = useClickPopup<PopoverProps>(popoverCode, children, 'dialog');
  if (!Popup) return trigger;
  return (
    <Popup trigger="click" open={open} onOpenChange={setOpen} title={title} content={content} placement={placement}>
      {trigger}
    </Popup>
  );
}

/** A confirmation (a question and its two buttons) opened by a click on its button; `onConfirm` runs on the first. */
export function ClickPopconfirm({
  children,
  title,
  okText,
  cancelText,
  danger,
  onConfirm,
}: {
  children: Trigger;
  title: ReactNode;
  okText: string;
  cancelText: string;
  danger?: boolean;
  onConfirm(): Promise<unknown>;
}) {
  const { Popup, open, setOpen, trigger } = useClickPopup<PopconfirmProps>(popconfirmCode, children, 'dialog');
  if (!Popup) return trigger;
  return (
    <Popup
      open={open}
      onOpenChange={setOpen}
      title={title}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ danger }}
      onConfirm={onConfirm}
    >
      {trigger}
    </Popup>
  );
}
