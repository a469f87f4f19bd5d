import { createElement, type ComponentType, type ReactNode } from 'react';

/**
 * Icons are named by string in the declaration. The app says where the few it uses come from, so the
 * bundle carries those and not the whole icon set; they are fetched with the first part of the screen
 * that draws them (`loadIcons`), not with every screen.
 */
type IconSet = Record<string, ComponentType>;
const icons = new Map<string, ComponentType>();
let source: () => Promise<IconSet> = () => Promise.resolve({});
let loaded: Promise<void> | null = null;

export function registerIconSource(load: () => Promise<IconSet>): void {
  source = load;
  loaded = null;
}

/** Fetches the registered icons (once); `iconOf` draws them from then on. */
export function loadIcons(): Promise<void> {
  loaded ??= source().then(
    (set) => {
      for (const [name, icon] of Object.entries(set)) icons.set(name, icon);
    },
    (error: unknown) => {
      loaded = null;
      throw error;
    },
  );
  return loaded;
}

export function iconOf(name: string | undefined): ReactNode {
  const Icon = name ? icons.get(name) : undefined;
  return Icon ? createElement(Icon) : null;
}
