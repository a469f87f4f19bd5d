/**
 * Two entities added as docs/adding-an-entity.md says (coupons as new:entity writes it; tickets as the
 * guide's owned entity, with a ref to its owner, a unique field and staff-only fields), in a copy of
 * the checkout, and no test edited: the role and bad-input sweeps (tests/api/platform/declared-calls.ts,
 * what refusals.test.ts and bad-inputs.test.ts run for every route no hand-written case covers) take
 * them from the declaration at once, on SQLite and PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Helpers from '../../helpers/server.js';
import { dbKinds } from '../../helpers/server.js';
import { failuresOf, importFrom, removeScratch, runScript, scratchCheckout, vitestIn } from '../../helpers/scratch-checkout.js';
import type * as Declared from '../platform/declared-calls.js';
import type * as Routes from '../platform/routes.js';
import type * as Config from '../../../resources.config.js';
import { TICKETS } from './owned-ticket.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const SWEEPS = ['tests/api/platform/declared-calls.ts', 'tests/api/platform/routes.ts'];
/** The declaration's other checks, which a new entity must pass with no edit either. */
const CHECKS = [
  'tests/api/audit/writes-map.test.ts',
  'tests/api/schema/columns.test.ts',
  'tests/api/schema/generated-tables.test.ts',
  'tests/unit/framework/access-rules.test.ts',
  'tests/unit/architecture/changelog.test.ts',
];
const NEW = ['coupons', 'tickets'];

let dir: string;
let declared: typeof Declared;
let routes: typeof Routes;
let config: typeof Config;

beforeAll(async () => {
  dir = scratchCheckout();
  for (const file of SWEEPS) fs.cpSync(path.join(ROOT, file), path.join(dir, file));
  for (const [api, label] of [
    ['coupon', '优惠券'],
    ['ticket', '工单'],
  ]) {
    const made = runScript(dir, 'new:entity', api, label);
    expect(made.status, made.output).toBe(0);
  }
  // The guide's owned entity over what new:entity wrote, its unreleased migration written again whole.
  const migrations = path.join(dir, 'server/schema/migrations');
  const first = fs.readdirSync(migrations).find((f) => f.endsWith('_tickets.ts'))!;
  fs.rmSync(path.join(migrations, first));
  const migrate = path.join(dir, 'server/schema/migrate.ts');
  fs.writeFileSync(
    migrate,
    fs
      .readFileSync(migrate, 'utf8')
      .split('\n')
      .filter((l) => !l.includes(first.replace('.ts', '')))
      .join('\n'),
  );
  fs.writeFileSync(path.join(dir, 'src/resources/tickets.ts'), TICKETS);
  const migrated = runScript(dir, 'db:migration', 'tickets');
  expect(migrated.status, migrated.output).toBe(0);
  declared = await importFrom(dir, SWEEPS[0]);
  routes = await importFrom(dir, SWEEPS[1]);
  config = await importFrom(dir, 'resources.config.ts');
});
afterAll(() => removeScratch(dir));

describe('the sweeps read the new entities from the declaration', () => {
  it('their routes are in the route table, with calls and bad inputs of their own', () => {
    const table = routes.expectedRoutes().map(routes.key);
    for (const name of NEW) {
      for (const { route } of declared.genericRoutes(name)) {
        expect(table).toContain(route);
        expect(Object.keys(declared.validCalls(name))).toContain(route);
        if (!route.endsWith('/data')) expect(declared.badCases(name).map((c) => c.route)).toContain(route);
      }
    }
    // The owned entity's own rules are among its cases: its staff-only fields, its unique field, its owner.
    const whats = declared.badCases('tickets').map((c) => `${c.route} ${c.what}`);
    expect(whats).toEqual(
      expect.arrayContaining([
        'POST /api/ticket/add reply, which an add may not set',
        'POST /api/ticket/add status as a value not listed',
        'POST /api/ticket/add order_no as over 32 characters',
        'POST /api/ticket/add user_id as words',
        'POST /api/ticket/add due_at as words',
      ]),
    );
    expect(Object.keys(declared.listFilters('tickets'))).toEqual(
      expect.arrayContaining(['user_id', 'order_no', 'subject', 'status', 'due_at', 'reply']),
    );
  });
});

describe.each(dbKinds)('the sweeps over the new entities on %s', (kind) => {
  let s: Helpers.TestServer;
  let sup: string;
  let customer: string;
  let rows: Declared.DeclaredRows;
  beforeAll(async () => {
    const helpers = await importFrom<typeof Helpers>(dir, 'tests/helpers/server.ts');
    s = await helpers.startServer(kind);
    sup = await s.login('admin', 'Admin-pass-123');
    customer = (await s.addCustomer(sup, 'sweep_customer')).token;
    rows = await declared.declaredRows(s, sup, NEW);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('the server registered exactly the routes the table expects', () => {
    const generic = NEW.flatMap((n) => declared.genericRoutes(n).map((g) => g.route));
    expect(
      routes
        .registeredRoutes(s.app)
        .filter((r) => generic.includes(r))
        .sort(),
    ).toEqual([...generic].sort());
  });

  it('role sweep: a customer and no one are refused the sup routes and change nothing; the sup is served', async () => {
    const table = routes.expectedRoutes().filter((r) => declared.resourcesOf([routes.key(r)]).some((n) => NEW.includes(n)));
    let swept = 0;
    for (const r of table) {
      const call = declared.fillRows(declared.validCalls(declared.resourcesOf([routes.key(r)])[0])[routes.key(r)], rows);
      const send = (token?: string) =>
        s.call(r.method, r.path + (call.query ?? ''), { token, body: r.method === 'POST' ? (call.body ?? {}) : undefined });
      for (const [who, token] of [
        ['customer', customer],
        ['anonymous', undefined],
      ] as const) {
        const allowed = who === 'customer' && config.allows(r.access as Config.AccessRule, 'customer');
        if (allowed) continue;
        const before = await s.snapshot();
        const answer = await send(token);
        expect(answer.code, `${routes.key(r)} as ${who}: ${answer.message}`).toBe(who === 'anonymous' ? 203 : 403);
        expect(await s.snapshot()).toBe(before);
        swept++;
      }
      const served = await send(sup);
      expect(served.code, `${routes.key(r)} as the sup: ${served.message}`).toBe(200);
    }
    expect(swept).toBeGreaterThanOrEqual(10);
  });

  it('bad-input sweep: every declared bad input is refused with a Chinese message and changes nothing', async () => {
    const cases = NEW.flatMap((n) => [
      ...declared.badCases(n),
      ...Object.entries(declared.listFilters(n)).map(([field, value]) => ({
        route: declared.listRoute(n)!,
        what: field,
        body: { [field]: value } as unknown,
        query: undefined,
        code: undefined,
      })),
    ]);
    expect(cases.length).toBeGreaterThan(60);
    for (const c of cases) {
      const [method, p] = c.route.split(' ') as ['GET' | 'POST', string];
      const before = await s.snapshot();
      const r = await s.call(method, p + declared.fillRows(c.query ?? '', rows), {
        token: sup,
        body: method === 'POST' ? declared.fillRows(c.body, rows) : undefined,
      });
      expect(r.code, `${c.route} ${c.what}: ${r.message}`).toBe(c.code ?? 400);
      expect(r.message).toMatch(/[\u4e00-\u9fff]/);
      expect(await s.snapshot()).toBe(before);
    }
  });
});

describe("the declaration's other checks, in the copy", () => {
  it('the audit map, the columns (on each database), the generated types, the access rules and the changelog pass there unedited', async () => {
    // The console's code the access rules' menu check reads, without undoing what new:entity wrote there.
    for (const item of ['src', 'vitest.config.ts', ...CHECKS]) {
      fs.cpSync(path.join(ROOT, item), path.join(dir, item), { recursive: true, force: false });
    }
    const run = await vitestIn(dir, 'server', CHECKS);
    expect(run.report, run.output).toBeDefined();
    expect(failuresOf(dir, run.report!), run.output).toEqual([]);
    expect(run.report!.testResults.map((f) => path.relative(dir, f.name)).sort()).toEqual([...CHECKS].sort());
    expect(run.report!.numPassedTests).toBeGreaterThanOrEqual(10);
    expect(run.status, run.output).toBe(0);
  }, 300_000);
});
