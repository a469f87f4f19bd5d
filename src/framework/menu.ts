import type { MenuEntry, PageDef, ResourceDef, Role } from './types';
import { allows } from './types';

export interface Section { key: string; label: string; icon: string; order: number }
export interface MenuItem { key: string; route: string; label: string; icon: string; order: number }
export interface MenuSection extends Section { items: MenuItem[] }

type Entry = { route: string; menu?: MenuEntry };

export function labelFor(menu: MenuEntry, role: Role | undefined): string {
  return typeof menu.label === 'string' ? menu.label : menu.label[role === 'sup' ? 'sup' : 'customer'];
}

/** The sections a role sees, each with its items in order; empty sections are left out. */
export function buildMenu(
  sections: Record<string, Omit<Section, 'key'>>,
  entries: Array<Record<string, Entry>>,
  role: Role | undefined,
): MenuSection[] {
  const all = entries.flatMap((group) => Object.entries(group));
  return Object.entries(sections)
    .map(([key, section]) => ({
      key, ...section,
      items: all
        .filter(([, e]) => e.menu?.section === key && allows(e.menu.visible, role))
        .map(([name, e]) => ({ key: name, route: e.route, label: labelFor(e.menu!, role), icon: e.menu!.icon, order: e.menu!.order }))
        .sort((a, b) => a.order - b.order),
    }))
    .filter((s) => s.items.length > 0)
    .sort((a, b) => a.order - b.order);
}

/** The menu item whose route is the path or its longest prefix (create/edit/show pages included). */
export function findMenuItem(menu: MenuSection[], pathname: string): { section: MenuSection; item: MenuItem } | null {
  let best: { section: MenuSection; item: MenuItem } | null = null;
  for (const section of menu) {
    for (const item of section.items) {
      const match = pathname === item.route || pathname.startsWith(`${item.route}/`);
      if (match && (!best || item.route.length > best.item.route.length)) best = { section, item };
    }
  }
  return best;
}

export type { PageDef, ResourceDef };
