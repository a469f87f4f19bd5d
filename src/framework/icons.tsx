import { createElement, type ComponentType, type ReactNode } from 'react';

/**
 * Icons are named by string in the declaration. The app registers the few it uses, so the bundle
 * carries those and not the whole icon set.
 */
const icons = new Map<string, ComponentType>();

export function registerIcons(map: Record<string, ComponentType>): void {
  for (const [name, icon] of Object.entries(map)) icons.set(name, icon);
}

export function iconOf(name: string | undefined): ReactNode {
  const Icon = name ? icons.get(name) : undefined;
  return Icon ? createElement(Icon) : null;
}
