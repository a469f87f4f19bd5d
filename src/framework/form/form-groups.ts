import type { FieldDef } from '../declaration';
import type { FormGroup } from '../declaration/types';

/** A form's fields in their groups: the ungrouped first (no title), then each declared group in order. */
export interface FieldGroup {
  name: string;
  title?: string;
  fold: boolean;
  fields: [string, FieldDef][];
}

export function groupFields(groups: readonly FormGroup[] | undefined, fields: [string, FieldDef][]): FieldGroup[] {
  const known = new Set((groups ?? []).map((g) => g.name));
  const loose = fields.filter(([, f]) => !f.group || !known.has(f.group));
  const out: FieldGroup[] = loose.length ? [{ name: '', fold: false, fields: loose }] : [];
  for (const g of groups ?? []) {
    const own = fields.filter(([, f]) => f.group === g.name);
    if (own.length) out.push({ name: g.name, title: g.title, fold: Boolean(g.fold), fields: own });
  }
  return out;
}

/** A value that says nothing of its own: empty, or the field's default (numbers compared as numbers). */
export function atDefault(field: FieldDef, value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (field.type === 'bool') return Boolean(value) === Boolean(field.default ?? false);
  if (field.default === undefined) return false;
  if (typeof field.default === 'number') return Number(value) === field.default;
  return value === field.default;
}

/** The groups open at first: every one but foldable groups whose fields all sit at their defaults. */
export function openGroups(groups: FieldGroup[], values: Record<string, unknown> | undefined): string[] {
  return groups.filter((g) => !g.fold || g.fields.some(([n, f]) => !atDefault(f, values?.[n]))).map((g) => g.name);
}

/** The groups holding any of the named fields (a failed check's, say). */
export function groupsOf(groups: FieldGroup[], names: readonly string[]): string[] {
  return groups.filter((g) => g.fields.some(([n]) => names.includes(n))).map((g) => g.name);
}
