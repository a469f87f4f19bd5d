import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { iconOf } from '../framework/icons';
import type { MenuSection } from '../framework/menu';

interface Props {
  menu: MenuSection[];
  selected?: { section: string; route: string };
  collapsed: boolean;
  /** Every section open from the start (the phone's drawer: a few items, nothing to hunt for). */
  openAll?: boolean;
  /** An item is pressed (before its click): the shell starts loading what it opens. */
  onPress?(key: string): void;
}

/** Section submenus with their items; the current route selects its item and opens its section. */
export default function SideMenu({ menu, selected, collapsed, openAll, onPress }: Props) {
  const [openKeys, setOpenKeys] = useState<string[]>(openAll ? menu.map((s) => s.key) : selected ? [selected.section] : []);
  useEffect(() => {
    const section = selected?.section;
    if (section) setOpenKeys((keys) => (keys.includes(section) ? keys : [...keys, section]));
  }, [selected?.section]);

  const items: MenuProps['items'] = useMemo(
    () =>
      menu.map((section) => ({
        key: section.key,
        icon: iconOf(section.icon),
        label: section.label,
        children: section.items.map((item) => ({
          key: item.route,
          icon: iconOf(item.icon),
          label: (
            <Link to={item.route} onPointerDown={() => onPress?.(item.key)}>
              {item.label}
            </Link>
          ),
        })),
      })),
    [menu, onPress],
  );

  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected.route] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
