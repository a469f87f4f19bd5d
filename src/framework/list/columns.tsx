import type { FieldDef, ResourceDef, Role } from '../declaration';
import type { Choosable } from './column-choice';
import { byPriority } from './column-priority';
import { ListValue } from './ListValue';
import type { ListColumn } from './ListTable';

/** The fields a role may see as columns (those shown from the start and those offered under 列设置), in declaration order. */
export function listFields(def: ResourceDef, role: Role | undefined): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, f]) => f.list && !f.writeOnly && (!f.supOnly || role === 'sup'));
}

/** The columns one may pick under 列设置, and which of them show from the start. */
export const choosable = (fields: [string, FieldDef][]): Choosable[] => fields.map(([name, f]) => ({ name, byDefault: f.list === true }));

export function searchFields(def: ResourceDef, role: Role | undefined): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, f]) => f.search && (!f.supOnly || role === 'sup'));
}

/**
 * A column's width from its field's type, so a table reads the same on every screen: numbers, times
 * and tags get what their longest value needs; long text gets no width and shares what is left
 * (never less than its minimum), cut with an ellipsis. Widths in px.
 */
export function columnWidth(name: string, field: FieldDef): { width?: number; min: number } {
  // A value with its countdown under it: the longest state's words and the time.
  if (field.countdown) return { width: 180, min: 0 };
  switch (field.type) {
    case 'int':
      return { width: name === 'id' ? 72 : 90, min: 0 };
    case 'money':
      return { width: 104, min: 0 };
    case 'bool':
      return { width: 80, min: 0 };
    case 'enum':
      return { width: 96, min: 0 };
    case 'datetime':
      return { width: 160, min: 0 };
    case 'ref':
      return { width: 110, min: 0 };
    case 'text':
      if (field.max !== undefined && field.max <= 32) return { width: 140, min: 0 };
      if (field.max !== undefined && field.max <= 64) return { width: 170, min: 0 };
      return { min: 120 };
    default:
      return { min: 160 };
  }
}

/** How wide the table must be before it scrolls inside its card: fixed widths plus the minimums. */
export function tableWidth(fields: [string, FieldDef][], extra = 0): number {
  return fields.reduce((sum, [name, f]) => {
    const w = columnWidth(name, f);
    return sum + (w.width ?? w.min);
  }, extra);
}

/** A time column the list filters by date range. */
const timeColumn = (field: FieldDef) => field.type === 'datetime' && field.search === 'range';

/**
 * The table's columns in declaration order, except that the last time column (the one the list filters
 * by date range) comes last and stays fixed at the right with the actions when the table scrolls
 * sideways, so a wide table never hides it. One only: pinning more leaves too little room to scroll.
 * The first column stays fixed at the left, to say which row is which; when that is the id, so does
 * the one after it (a number alone names nothing).
 * A list whose fields declare priorities pins none of them: only its actions stay at the right, and its
 * lesser columns leave a narrow table instead (column-priority.ts).
 */
export function buildColumns(fields: [string, FieldDef][]): ListColumn[] {
  const prioritized = byPriority(fields);
  const pinnedName = prioritized ? undefined : fields.filter(([, f]) => timeColumn(f)).at(-1)?.[0];
  const ordered = [...fields.filter(([n]) => n !== pinnedName), ...fields.filter(([n]) => n === pinnedName)];
  const leftCount = prioritized ? 0 : ordered[0]?.[0] === 'id' ? 2 : 1;
  return ordered.map(([name, field], index) => {
    const { width } = columnWidth(name, field);
    const lines = field.lines && field.lines > 1 ? field.lines : undefined;
    return {
      key: name,
      title: field.label,
      width,
      fixed: name === pinnedName ? 'right' : index < leftCount ? 'left' : undefined,
      sortable: Boolean(field.sort),
      align: field.type === 'money' || field.type === 'int' ? 'right' : undefined,
      // The cell cuts long text itself (with a tooltip); text of several lines is cut by its own box.
      ellipsis: !lines && (width === undefined || field.type === 'ref'),
      render: (record: Record<string, unknown>) => <ListValue field={field} record={record} name={name} lines={lines} />,
    };
  });
}
