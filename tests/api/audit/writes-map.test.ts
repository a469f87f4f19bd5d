/** Every resource with a generic add, edit or del is audited (or excluded on purpose), and each of its actions has a name on screen. */
import { describe, expect, it } from 'vitest';
import { resources, type ResourceDef } from '../../../resources.config.js';
import { CATEGORY, NOT_AUDITED } from '../../../server/audit/writes.js';

describe('the audited generic writes', () => {
  const writable = Object.entries(resources as Record<string, ResourceDef>)
    .map(([name, def]) => ({ name, api: def.api as string, actions: (['add', 'edit', 'del'] as const).filter((a) => def.access?.[a]) }))
    .filter((r) => r.actions.length);
  const labels = resources.audit.fields.action.options as Record<string, unknown>;

  it('each resource that can be written is in the map or deliberately left out, and not both', () => {
    for (const r of writable) {
      expect(Boolean(CATEGORY[r.name]) !== Boolean(NOT_AUDITED[r.name]), r.name).toBe(true);
    }
    // Nothing named that is not a writable resource (a dead entry).
    const names = new Set(writable.map((r) => r.name));
    for (const name of [...Object.keys(CATEGORY), ...Object.keys(NOT_AUDITED)]) expect(names.has(name), name).toBe(true);
  });

  it('every audited action has a label in the audit list', () => {
    for (const r of writable.filter((w) => CATEGORY[w.name])) {
      for (const a of r.actions) expect(labels[`${r.api}.${a}`], `${r.api}.${a}`).toBeTruthy();
    }
    expect(labels['user.role']).toBeTruthy();
  });
});
