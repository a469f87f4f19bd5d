/**
 * The console's tests of the declaration (the menu, Refine's resources, the generated routes) read
 * what they expect from it: in a copy of the checkout where two entities were added as
 * docs/adding-an-entity.md says (coupons as new:entity writes it; tickets as the guide's owned entity,
 * moved to a section customers see), those test files pass there with no edit.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failuresOf, importFrom, removeScratch, runScript, scratchCheckout, vitestIn } from '../../helpers/scratch-checkout.js';
import type * as Config from '../../../resources.config.js';
import { TICKETS } from './owned-ticket.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
/** What the console's tests load besides the server's part of the copy. */
const CONSOLE = ['src', 'tests/component', 'vitest.config.ts'];
const FILES = ['tests/component/framework/menu.test.tsx', 'tests/component/framework/new-entity.test.tsx'];

let dir: string;
let config: typeof Config;

beforeAll(async () => {
  dir = scratchCheckout();
  for (const item of CONSOLE) fs.cpSync(path.join(ROOT, item), path.join(dir, item), { recursive: true });
  for (const [api, label] of [
    ['coupon', '优惠券'],
    ['ticket', '工单'],
  ]) {
    const made = runScript(dir, 'new:entity', api, label);
    expect(made.status, made.output).toBe(0);
  }
  // The guide's owned entity over what new:entity wrote, and its place in a section customers see
  // (its table is the server's business: these tests never reach a database).
  fs.writeFileSync(path.join(dir, 'src/resources/tickets.ts'), TICKETS);
  const file = path.join(dir, 'resources.config.ts');
  const before = fs.readFileSync(file, 'utf8');
  // The sections' lists are on one line or, once too long for one, one item a line (Prettier).
  const moved = before.replace(/,\s*'tickets',?(\s*)\]/, '$1]').replace(/(account: \{[^}]*?items: \[[^\]]*?),?(\s*)\]/, "$1, 'tickets'$2]");
  expect(moved).not.toBe(before);
  fs.writeFileSync(file, moved);
  config = await importFrom(dir, 'resources.config.ts');
});
afterAll(() => removeScratch(dir));

describe('the console tests of the declaration, after two entities are added', () => {
  it('the copy declares them: coupons in the system section, tickets in the account section', () => {
    expect(Object.keys(config.resources)).toEqual(expect.arrayContaining(['coupons', 'tickets']));
    expect(config.sections.system.items.at(-1)).toBe('coupons');
    expect(config.sections.system.items).not.toContain('tickets');
    expect(config.sections.account.items.at(-1)).toBe('tickets');
  });

  it('the menu and new-entity test files pass there unedited', async () => {
    const run = await vitestIn(dir, 'component', FILES);
    expect(run.report, run.output).toBeDefined();
    expect(failuresOf(dir, run.report!), run.output).toEqual([]);
    expect(run.report!.testResults.map((f) => path.relative(dir, f.name)).sort()).toEqual([...FILES].sort());
    expect(run.report!.numFailedTests).toBe(0);
    expect(run.report!.numPassedTests).toBeGreaterThanOrEqual(10);
    expect(run.status, run.output).toBe(0);
  }, 300_000);
});
