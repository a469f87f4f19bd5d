import { Drawer } from 'antd';
import type { ReactNode } from 'react';

/** The phone's menu: a drawer over the page from the left, fetched when the page is quiet or the menu button is pressed. */
export default function NavDrawer({
  open,
  width,
  onClose,
  children,
}: {
  open: boolean;
  width: number;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <Drawer
      open={open}
      placement="left"
      width={width}
      closable={false}
      onClose={onClose}
      rootClassName="shell-drawer"
      styles={{ body: { padding: 0 } }}
      data-testid="menu-drawer"
    >
      <nav className="shell-nav" aria-label="菜单">
        {children}
      </nav>
    </Drawer>
  );
}
