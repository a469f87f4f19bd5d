import type { FieldDef } from '../declaration';

type Field = [string, FieldDef];

const rank = (f: FieldDef) => (f.priority === 'high' ? 0 : f.priority === 'low' ? 2 : 1);

/** Whether a list lays out its columns by declared priority (and then pins only its actions). */
export const byPriority = (fields: Field[]) => fields.some(([, f]) => f.priority);

/**
 * Which columns leave a table that is wider than its box (`room` px, `extra` px taken by the ticking
 * and action columns): the low ones, then the unmarked ones, the last declared first, until the rest
 * fit. High ones never leave, nor any in `kept` (picked by hand under 列设置): the table scrolls instead.
 */
export function droppedForRoom(fields: Field[], widthOf: (fields: Field[]) => number, room: number, kept: readonly string[]): string[] {
  const dropped: string[] = [];
  const candidates = [2, 1].flatMap((r) =>
    fields
      .filter(([name, f]) => rank(f) === r && !kept.includes(name))
      .map(([name]) => name)
      .reverse(),
  );
  for (const name of candidates) {
    if (widthOf(fields.filter(([n]) => !dropped.includes(n))) <= room) break;
    dropped.push(name);
  }
  return dropped;
}
