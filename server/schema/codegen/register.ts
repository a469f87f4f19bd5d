/**
 * Adding a migration to the list in server/schema/migrate.ts: its import after the last migration's
 * import, its entry after the last entry. Additive edits of the text, so a migration someone else
 * added meanwhile stays.
 */

/** The next free migration number in a folder's file names (`023` after `022_fivesim.ts`). */
export function nextMigrationNumber(files: string[]): string {
  const numbers = files
    .map((f) => /^(\d{3})/.exec(f)?.[1])
    .filter(Boolean)
    .map(Number);
  return String(Math.max(0, ...numbers) + 1).padStart(3, '0');
}

/** A label as a migration's name part: lower case words joined by `_`. */
export function migrationLabel(raw: string): string {
  const label = raw
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, '_');
  if (!/^[a-z][a-z0-9_]*$/.test(label)) throw new Error(`迁移名称只能包含英文字母、数字和下划线，并以字母开头：${raw}`);
  return label;
}

/** The migration's function name: the label in camel case, made unique among the list's imports. */
export function migrationFunction(label: string, number: string, migrateTs: string): string {
  const camel = label.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
  const taken = new Set([...migrateTs.matchAll(/import \{ (\w+) \} from '\.\/migrations\//g)].map((m) => m[1]));
  return taken.has(camel) ? `${camel}${number}` : camel;
}

export function registerMigration(migrateTs: string, name: string, fn: string): string {
  const lines = migrateTs.split('\n');
  const lastImport = findLast(lines, (l) => /^import \{ \w+ \} from '\.\/migrations\//.test(l));
  const lastEntry = findLast(lines, (l) => /^\s+'\d{3}\w*': \w+\(dialect.*\),$/.test(l));
  if (lastImport < 0 || lastEntry < 0) throw new Error('server/schema/migrate.ts 中找不到迁移列表，无法登记新迁移');
  const indent = /^\s*/.exec(lines[lastEntry])![0];
  lines.splice(lastEntry + 1, 0, `${indent}'${name}': ${fn}(dialect),`);
  lines.splice(lastImport + 1, 0, `import { ${fn} } from './migrations/${name}.js';`);
  return lines.join('\n');
}

function findLast(lines: string[], test: (line: string) => boolean): number {
  for (let i = lines.length - 1; i >= 0; i--) if (test(lines[i])) return i;
  return -1;
}
