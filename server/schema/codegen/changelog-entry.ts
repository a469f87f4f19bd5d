/**
 * The line a written migration gets in CHANGELOG.md: under the newest release's `### Migrations`
 * (made when that release has none yet), so the release an operator upgrades to names every migration
 * it runs (tests/unit/architecture/changelog.test.ts). A first draft from what the migration does;
 * the words are the developer's to make an operator's. A migration written again under the same name
 * (an unreleased one deleted and written whole) replaces its line.
 */
import type { MigrationPlan } from './plan.js';

const names = (items: string[]) => items.map((i) => `\`${i}\``).join(', ');

/** What the migration does, as the changelog's line says it. */
export function changelogLine(name: string, plan: MigrationPlan): string {
  const parts: string[] = [];
  const created = plan.createTables.map((t) => t.table);
  if (created.length) parts.push(`${created.length > 1 ? 'new tables' : 'a new table'} ${names(created)}`);
  const added = plan.addColumns.map((a) => `${a.table}.${a.column.name}`);
  if (added.length) parts.push(`${added.length > 1 ? 'new columns' : 'a new column'} ${names(added)}`);
  const unique = plan.uniqueIndexes.filter((u) => !created.includes(u.table)).map((u) => `${u.table}.${u.column}`);
  if (unique.length) parts.push(`${unique.length > 1 ? 'unique indexes on' : 'a unique index on'} ${names(unique)}`);
  if (plan.refusals.length) parts.push('changes made by hand (see the migration)');
  return `- \`${name}\`: ${parts.join('; ')}.`;
}

/** CHANGELOG.md with the migration's line in the newest release (unchanged text when it has no release). */
export function withChangelogEntry(changelog: string, name: string, plan: MigrationPlan): string {
  const lines = changelog.split('\n');
  const start = lines.findIndex((l) => l.startsWith('## '));
  if (start < 0) return changelog;
  const next = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  const end = next < 0 ? lines.length : next;
  const entry = changelogLine(name, plan);
  const item = (l: string) => l.startsWith('- ');
  const continued = (l: string) => /^\s{2,}\S/.test(l);

  // The same migration's line, written before: replaced, with the lines that continue it.
  const old = lines.findIndex((l, i) => i > start && i < end && l.startsWith(`- \`${name}\`:`));
  if (old >= 0) {
    let last = old;
    while (last + 1 < end && continued(lines[last + 1])) last++;
    lines.splice(old, last - old + 1, entry);
    return lines.join('\n');
  }

  const heading = lines.findIndex((l, i) => i > start && i < end && l.trim() === '### Migrations');
  if (heading >= 0) {
    let at = heading + 1;
    while (at < end && !lines[at].trim()) at++;
    const first = at;
    while (at < end && (item(lines[at]) || continued(lines[at]))) at++;
    lines.splice(at, 0, ...(at === first ? [entry, ''] : [entry]));
    return lines.join('\n');
  }
  // No migrations in this release yet: their heading first among its subsections, or at its end.
  const sub = lines.findIndex((l, i) => i > start && i < end && l.startsWith('### '));
  let at = sub >= 0 ? sub : end;
  while (at > start + 1 && !lines[at - 1].trim()) at--;
  lines.splice(at, 0, '', '### Migrations', '', entry);
  return lines.join('\n');
}
