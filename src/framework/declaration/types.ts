import type { AccessRule, Action } from './access';

/**
 * The shapes a product declares its entities, screens and menu in, and the framework (console and
 * server) generates from. Icons, row actions and toolbar actions are named by string here; the
 * console registers what each name draws, and `declaration()` (./define.ts) makes the compiler check
 * every name a product writes.
 */

export type FieldType =
  | 'text'
  | 'textarea'
  | 'password'
  | 'html'
  | 'int'
  | 'money'
  | 'bool'
  | 'enum'
  | 'datetime'
  | 'ref'
  /** A number with at most two decimals (a rate such as 0.85), stored as hundredths. */
  | 'decimal'
  /** What a change did: `{ before, after }` (objects or values), shown side by side; computed and read-only. */
  | 'changes';

export interface EnumOption {
  label: string;
  color?: string;
}

export interface FieldDef {
  label: string;
  type: FieldType;
  /** Required on add (and may not be emptied on edit). */
  required?: boolean;
  /** Length for text types, value for int and money. */
  min?: number;
  max?: number;
  /** A regular expression the value must match, and the message when it does not. */
  pattern?: string;
  patternMessage?: string;
  options?: Readonly<Record<string, EnumOption>>;
  /** For ref: the resource pointed at and the field shown as its name. */
  ref?: { resource: string; labelField: string };
  /**
   * A list column: `true` shows it from the start; `'more'` offers it under the list's 列设置 (column
   * settings) but leaves it out until someone picks it, so the first columns fit a laptop's width.
   */
  list?: boolean | 'more';
  /**
   * How much the column matters when a list's table is short of room: `high` columns stay (the table
   * scrolls instead); `low` ones leave the table first (still offered under 列设置), unmarked ones after
   * them. A list that declares priorities pins only its actions.
   */
  priority?: 'high' | 'low';
  /** In a list's table, long text wraps to this many lines before it is cut (one when unset). */
  lines?: number;
  /** In lists, the value drawn large: what people open the list for. */
  emphasis?: boolean;
  /**
   * In lists, the value is followed by a countdown of another field of the row (an int of seconds,
   * counted down in the console from the answer; none once that field is empty), labelled `label`.
   */
  countdown?: { field: string; label: string };
  sort?: boolean;
  /** How the field filters the list: exact value, substring, or a [from, to] range. */
  search?: 'eq' | 'contains' | 'range';
  /** Never written through add/edit (computed or set by domain calls). */
  readonly?: boolean;
  /** Accepted on add/edit, never sent out. */
  writeOnly?: boolean;
  /** Only on add (e.g. a login name that never changes): shown locked on edit, refused there by the server. */
  createOnly?: boolean;
  /** Only on edit (e.g. a reply to what was asked): left out of the create form, refused on add by the server. */
  editOnly?: boolean;
  /**
   * Who may set it: a caller who does not pass the rule is refused (403, the field named) when they
   * send a value; its form input is left out on create and shown locked on edit.
   */
  write?: AccessRule;
  /**
   * No two rows hold the same value: db:migration makes a unique index for it, and the generic add and
   * edit answer 409 with the field's error (`<label>已存在`) when the value is taken.
   */
  unique?: boolean;
  /** Shown to (and filterable by) sup only. */
  supOnly?: boolean;
  default?: string | number | boolean;
  /** Form hint shown under the input. */
  help?: string;
  /** Money that is a credit or a debit: shown green with + or red with -. */
  signed?: boolean;
  /** What an int of 0 reads as on screens, when 0 means something of its own (a limit of none). */
  zeroText?: string;
  /**
   * An int of 0 that needs acting on (none left): shown as `text`, in red, on the rows whose fields
   * hold the values of `when` (all rows when none are given).
   */
  zeroWarns?: { text: string; when?: Readonly<Record<string, string>> };
  /** An int of seconds shown as the time left (`2天3小时`, `5小时12分`, `12分`). */
  duration?: boolean;
  /** The value can be copied with one tap (a copy icon beside it in lists and cards). */
  copy?: boolean;
  /**
   * Not a column of the resource's table. A readable one is worked out by the server for each answer
   * (a count, a flag, an address built from the row); a writable one is turned by the server into what
   * it stores (a password into its hash). Every declared field that is not a column says so, and no
   * column does.
   */
  computed?: boolean;
  /** The form group it is drawn in: the `name` of one of the resource's `groups` (none: before every group). */
  group?: string;
  /**
   * Drawn in forms by the input the app registered under this name instead of its type's own (a choice
   * by name over a list the app holds, say); the value it sends is the type's, as without it.
   */
  input?: string;
}

/** A titled part of a resource's form; fields name it in their `group`. */
export interface FormGroup {
  name: string;
  title: string;
  /**
   * It holds a feature a record may not use: folded while every one of its fields is empty or at its
   * default (opened by a click, or by an error in one of its fields).
   */
  fold?: boolean;
}

/** A resource's or a page's item in the menu; its section lists it (SectionDef.items). */
export interface MenuEntry {
  /** A label, or one label for sup and another for everyone else. */
  label: string | { sup: string; customer: string };
  icon: string;
  /** Who sees it in the menu (the server still checks every call). */
  visible: AccessRule;
}

/** A menu section: its label and icon, and the names of the resources and pages it holds, in order. */
export interface SectionDef {
  label: string;
  icon: string;
  items: readonly string[];
}

/**
 * A row action implemented by a named component that the app registers. `danger`: it draws in red
 * (it undoes or gives back something) and so never leads a row: it comes after 查看 and 编辑.
 */
export interface RowAction {
  name: string;
  label: string;
  access: AccessRule;
  danger?: boolean;
  /** The action is how a row opens its record: the generated 查看 link is left out of the row. */
  opens?: boolean;
}

/** A button above a list, implemented by a named component the app registers; it gets the list's filters and ticked rows. */
export interface ToolbarAction {
  name: string;
  label: string;
  access: AccessRule;
}

/** A tab of a list: its key in the address, its label, and the filters it adds. */
export interface ListTab {
  key: string;
  label: string;
  filters?: Readonly<Record<string, string | number | readonly (string | number)[]>>;
}

/** What a list with no rows at all says, and the one step that fills it. */
export interface EmptyList {
  /** What the list will hold, or what to do first: one sentence. */
  text: string;
  /** A second, quieter line: how to do it. */
  hint?: string;
  /** A button: a screen to open (its route), or 'create' for the resource's new-record form (shown to roles that may add). */
  action?: { label: string; to: 'create' | `/${string}` };
}

export interface ResourceDef {
  label: string;
  /** `/api/<api>/data|detail|add|edit|del` */
  api: string;
  table: string;
  route: string;
  menu?: MenuEntry;
  access: Partial<Record<Action, AccessRule>>;
  /**
   * The column that says whose row it is, for the 'own' rule. When a customer adds a row under an 'own'
   * add rule, it is theirs (the server fills it; another user's id is refused); a sup gives it, or
   * leaves it empty to make the row their own when the field is not required.
   */
  ownerField?: string;
  fields: Readonly<Record<string, FieldDef>>;
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  actions?: readonly RowAction[];
  /** Buttons above the list (registry.toolbarAction), given the current filters and the ticked row ids. */
  toolbar?: readonly ToolbarAction[];
  /** Rows can be ticked (a checkbox column; a box on each phone card) for the toolbar's actions. */
  selectable?: boolean;
  /**
   * Tabs above the list, the first one chosen when the address names none: each narrows the rows by
   * fixed filters (an array: any of those values), on top of the search form's.
   */
  tabs?: readonly ListTab[];
  /** On a phone card, the fields that come first, in this order; the others wait behind 展开. */
  cardLead?: readonly string[];
  /** The list refetches by itself every `seconds` while the page is visible, quietly (no spinner). */
  live?: { seconds: number };
  /** The form's groups, in the order they are drawn. */
  groups?: readonly FormGroup[];
  /** What the list says with no rows at all (one for every role, or one for sup and one for everyone else); filters that find nothing say so instead. */
  empty?: EmptyList | { sup: EmptyList; customer: EmptyList };
}

/** A hand-written screen: it has a route and maybe a menu item, but no generated CRUD. */
export interface PageDef {
  route: string;
  label: string;
  menu?: MenuEntry;
  /** Who may open it (the console guard; the server guards the calls it makes). */
  access: AccessRule | 'public';
  /** The screen is not built yet: its route shows a page that says so rather than an empty screen. */
  pending?: boolean;
  /** The calls the screen makes as it opens (a URL: a GET), started ahead by the app while its code loads. */
  firstCalls?: readonly (string | FirstCallDef)[];
}

/** A POST a screen makes as it opens, exactly as it sends it (the same body and query, or it is sent again). */
export interface FirstCallDef {
  method: 'POST';
  url: string;
  data?: Record<string, unknown>;
  params?: Record<string, string | number>;
}
