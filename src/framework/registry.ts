import type { ComponentType } from 'react';
import { lazyNow } from './lazy-now';
import type { FieldDef, ResourceDef } from './declaration';

/**
 * What the app plugs into the generated screens by name: row actions declared on a resource
 * (a button that opens its own dialog), and inputs for field types that need a heavy editor.
 */
export interface RowActionProps {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row of the resource the action is registered for, read by the action as that resource's JSON
  record: Record<string, any>;
  resource: string;
  label: string;
  /** Call after a change so the list refetches. */
  onDone(): void;
}

/** What a list's toolbar action is given: the list as the user has narrowed it, and the ticked rows. */
export interface ToolbarActionProps {
  resource: string;
  /** The resource's declaration. */
  def: ResourceDef;
  label: string;
  /** The search form's values now (field name to value), as the list sends them. */
  filters: Record<string, unknown>;
  /** Ticked row ids (across pages), and those rows as last loaded. */
  selected: Array<string | number>;
  selectedRecords: Record<string, unknown>[];
  /** The rows on the page now, as last loaded (a live list loads them again every few seconds). */
  records: Record<string, unknown>[];
  /** How many rows match the filters. */
  total: number;
  /** Call after a change: the list refetches. */
  onDone(): void;
  clearSelection(): void;
}

export interface FieldInputProps {
  field: FieldDef;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Form.Item's value, of whatever type the registered input edits
  value?: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as value
  onChange?(value: any): void;
}

/** Whether a row action applies to a record (its component may still draw nothing). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row of the resource the action is registered for, read as that resource's JSON (as RowActionProps)
export type RowActionShows = (record: Record<string, any>) => boolean;

/** A row action whose code loads on demand, and (small, loaded with the app) which rows it applies to. */
export interface LazyRowAction {
  load: () => Promise<{ default: ComponentType<RowActionProps> }>;
  shows?: RowActionShows;
  /** Its source file from the project's root: the build names it in its lists' pages, to be fetched up front. */
  file?: string;
}

/** A toolbar action whose code loads on demand. */
export interface LazyToolbarAction {
  load: () => Promise<{ default: ComponentType<ToolbarActionProps> }>;
  /** As a row action's. */
  file?: string;
}

const rowActions = new Map<string, ComponentType<RowActionProps>>();
const rowActionShows = new Map<string, RowActionShows>();
const toolbarActions = new Map<string, ComponentType<ToolbarActionProps>>();
const inputs = new Map<string, ComponentType<FieldInputProps>>();
/** Each lazy action's fetch of its code, by kind and name. */
const loaders = new Map<string, () => Promise<unknown>>();
/** Each lazy action's source file, by kind and name, where it was given. */
const files = new Map<string, string>();

/** The registry's keys of a resource's own row and toolbar actions. */
const actionKeys = (def: ResourceDef) => [
  ...(def.actions ?? []).map((a) => `row:${a.name}`),
  ...(def.toolbar ?? []).map((a) => `toolbar:${a.name}`),
];

/** A lazy action's component, with its fetch (and file, if given) kept under `key`. */
function lazyAction<P>(key: string, { load, file }: { load: () => Promise<{ default: ComponentType<P> }>; file?: string }) {
  const Component = lazyNow(load);
  loaders.set(key, Component.preload);
  if (file) files.set(key, file);
  return Component;
}

export const registry = {
  rowAction: (name: string, component: ComponentType<RowActionProps>, shows?: RowActionShows) => {
    rowActions.set(name, component);
    if (shows) rowActionShows.set(name, shows);
  },
  /**
   * Row actions by name, each loaded on demand. Its code is fetched with the generated screens while
   * the browser is idle: a list's rows never wait for it (nor for React's pause before revealing it).
   * `shows` (small, loaded with the app) says which rows it applies to, so a row's links can be laid
   * out (some behind 更多) before the action's code has arrived. An app keeps the map as a typed
   * object, so its keys are the names a declaration may use.
   */
  lazyRowActions: (map: Record<string, LazyRowAction>) => {
    for (const [name, action] of Object.entries(map)) {
      rowActions.set(name, lazyAction(`row:${name}`, action));
      if (action.shows) rowActionShows.set(name, action.shows);
    }
  },
  /** Toolbar actions by name, each loaded on demand and preloaded with the row actions; as lazyRowActions. */
  lazyToolbarActions: (map: Record<string, LazyToolbarAction>) => {
    for (const [name, action] of Object.entries(map)) toolbarActions.set(name, lazyAction(`toolbar:${name}`, action));
  },
  toolbarAction: (name: string, component: ComponentType<ToolbarActionProps>) => {
    toolbarActions.set(name, component);
  },
  getToolbarAction: (name: string) => toolbarActions.get(name),
  /** Fetches the code of every lazy row and toolbar action (see preloadScreens). */
  preloadRowActions: () => Promise.all([...loaders.values()].map((load) => load())),
  /**
   * Fetches the code of one resource's own row and toolbar actions: started as its list opens (or
   * earlier), it arrives with the rows instead of after them (the rows' action links are drawn from
   * the code).
   */
  preloadActionsFor: (def: ResourceDef) => Promise.all(actionKeys(def).map((key) => loaders.get(key)?.())),
  /** The source files of one resource's own row and toolbar actions, where they were given. */
  actionFilesFor: (def: ResourceDef) => [...new Set(actionKeys(def).flatMap((key) => files.get(key) ?? []))],
  input: (type: string, component: ComponentType<FieldInputProps>) => {
    inputs.set(type, component);
  },
  getRowAction: (name: string) => rowActions.get(name),
  /** True unless the action was registered with a `shows` that turns this record down. */
  rowActionShows: (name: string, record: Record<string, unknown>) => rowActionShows.get(name)?.(record) ?? true,
  getInput: (type: string) => inputs.get(type),
};
