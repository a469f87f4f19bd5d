/**
 * CHANGELOG.md keeps up with the code: its newest release is the version package.json names (what
 * /healthz and backups say), and every migration the code runs is named under exactly one release, so
 * an operator reading the release they upgrade to sees each migration it will run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../../server/schema/migrate.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const changelog = fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');
const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version as string;

/** Each release's heading and its text, newest first. */
const releases = changelog
  .split(/^## /m)
  .slice(1)
  .map((part) => ({ version: part.slice(0, part.indexOf('\n')).trim(), text: part }));

describe('CHANGELOG.md', () => {
  it("opens with the version package.json names, each release's heading a version", () => {
    expect(releases[0]?.version).toBe(version);
    for (const r of releases) expect(r.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('names every migration the code runs under exactly one release', () => {
    const named = (name: string) => releases.filter((r) => r.text.includes(`\`${name}\``)).map((r) => r.version);
    const where = Object.fromEntries(Object.keys(migrations('sqlite')).map((name) => [name, named(name)]));
    const missing = Object.entries(where).filter(([, found]) => found.length !== 1);
    expect(missing, `migrations not named under exactly one release of CHANGELOG.md: ${missing.map(([n]) => n).join(', ')}`).toEqual([]);
  });
});
