/**
 * Which columns a list shows: those its declaration shows from the start, changed by what a person
 * picked under 列设置. The choice is kept as those changes (columns added, columns taken away), not
 * as the whole set, so a column the declaration adds later still shows as declared.
 */
export interface ColumnChoice {
  shown: string[];
  hidden: string[];
}

/** A column one may pick: its name and whether the declaration shows it from the start. */
export interface Choosable {
  name: string;
  byDefault: boolean;
}

/** The names shown from the start; the first column when the declaration shows none. */
export function defaultColumns(columns: Choosable[]): string[] {
  const names = columns.filter((c) => c.byDefault).map((c) => c.name);
  return names.length ? names : columns.slice(0, 1).map((c) => c.name);
}

/** The names shown, in the columns' order. A choice that would leave none shows the defaults. */
export function visibleColumns(columns: Choosable[], choice: ColumnChoice | null): string[] {
  const defaults = defaultColumns(columns);
  if (!choice) return defaults;
  const names = columns
    .filter((c) => !choice.hidden.includes(c.name) && (defaults.includes(c.name) || choice.shown.includes(c.name)))
    .map((c) => c.name);
  return names.length ? names : defaults;
}

/** The choice that shows `visible`: its differences from the defaults; null when it is the defaults. */
export function choiceOf(columns: Choosable[], visible: string[]): ColumnChoice | null {
  const defaults = defaultColumns(columns);
  const names = columns.map((c) => c.name);
  const shown = names.filter((n) => visible.includes(n) && !defaults.includes(n));
  const hidden = names.filter((n) => !visible.includes(n) && defaults.includes(n));
  return shown.length || hidden.length ? { shown, hidden } : null;
}

const names = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

/** A stored choice read back; anything else (an older shape, a hand edit) is no choice. */
export function parseChoice(text: string | null): ColumnChoice | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<ColumnChoice> | null;
    return value && names(value.shown) && names(value.hidden) ? { shown: value.shown, hidden: value.hidden } : null;
  } catch {
    return null;
  }
}
