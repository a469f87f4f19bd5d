import type { Grants, MenuEntry, PageDef, ResourceDef, Role, SectionDef } from './declaration';
import { allows } from './declaration';

export interface MenuItem {
  key: string;
  route: string;
  label: string;
  icon: string;
}
export interface MenuSection {
  key: string;
  label: string;
  icon: string;
  items: MenuItem[];
}

type Entry = { route: string; menu?: MenuEntry };

export function labelFor(menu: MenuEntry, role: Role | undefined): string {
  return typeof menu.label === 'string' ? menu.label : menu.label[role === 'sup' ? 'sup' : 'customer'];
}

/**
 * The sections a role (with a sup's grants) sees, in their declared order, each with the items it lists that the role may
 * see, in the listed order; empty sections are left out.
 */
export function buildMenu(
  sections: Record<string, SectionDef>,
  entries: Array<Record<string, Entry>>,
  role: Role | undefined,
  /** A sup's grants; an app without staff roles leaves them out: every grant. */
  grants: Grants = '*',
): MenuSection[] {
  const all = new Map(entries.flatMap((group) => Object.entries(group)));
  return Object.entries(sections)
    .map(([key, { label, icon, items }]) => ({
      key,
      label,
      icon,
      items: items.flatMap((name) => {
        const e = all.get(name);
        return e?.menu && allows(e.menu.visible, role, grants)
          ? [{ key: name, route: e.route, label: labelFor(e.menu, role), icon: e.menu.icon }]
          : [];
      }),
    }))
    .filter((s) => s.items.length > 0);
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
