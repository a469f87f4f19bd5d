/**
 * Two server processes on one database (an operator starting `npm start` twice, or a script writing
 * while the server runs): concurrent money calls through both never answer 500, and every ledger
 * still sums to its balance. The second process is a real child process.
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer } from '../../helpers/child-server.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const fixture = path.join(import.meta.dirname, '..', 'fixtures', 'peer-server.ts');
const CUSTOMERS = 4;
const CALLS = 400;

/** Starts the peer process on the test server's database; answers its address. */
async function startPeer(s: TestServer): Promise<{ child: ChildProcess; url: string }> {
  const env: NodeJS.ProcessEnv = {};
  if (s.kind === 'sqlite') {
    env.PEER_SQLITE_FILE = s.database.sqlite!.name;
  } else {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(s.database.db);
    env.PEER_DATABASE_URL = process.env.TEST_DATABASE_URL;
    env.PEER_SCHEMA = rows[0].schema;
  }
  return startChildServer(fixture, env);
}

describe.each(dbKinds)('two server processes on one %s database', (kind) => {
  let s: TestServer;
  let peer: { child: ChildProcess; url: string };
  let sup: string;
  const ids: number[] = [];

  beforeAll(async () => {
    s = await startServer(kind);
    peer = await startPeer(s);
    sup = await s.login(SUP.username, SUP.password);
    for (let i = 0; i < CUSTOMERS; i++) ids.push((await s.addCustomer(sup, `two_proc_${i}`)).id);
  });
  afterAll(async () => {
    if (peer?.child.exitCode === null) {
      const exited = new Promise((resolve) => peer.child.once('exit', resolve));
      peer.child.kill('SIGTERM');
      await exited;
    }
    await s?.close();
  });

  it(`${CALLS} concurrent credits and debits through both: no 500, every ledger sums to its balance, the difference stays 0`, async () => {
    // The peer has its own session for the same sup.
    const peerLogin = await fetch(`${peer.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SUP),
    }).then((r) => r.json());
    expect(peerLogin.code).toBe(200);
    const tokens = [sup, peerLogin.data.token as string];
    const bases = [s.url, peer.url];

    const calls = Array.from({ length: CALLS }, (_, i) => {
      const which = i % 2;
      const amount = i % 3 === 2 ? -1.25 : 2.5; // debits may find too little: 402, never 500
      return fetch(`${bases[which]}/api/user/money`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[which]}` },
        body: JSON.stringify({ id: ids[i % CUSTOMERS], amount, remark: `并发 ${i}` }),
      }).then(async (r) => ({ status: r.status, code: (await r.json()).code as number }));
    });
    const answers = await Promise.all(calls);
    expect(answers.filter((a) => a.status === 500 || a.code === 500)).toEqual([]);
    // Every credit went through; a debit either went through or found too little.
    answers.forEach((a, i) => expect(i % 3 === 2 ? [200, 402] : [200]).toContain(a.code));

    const db = s.database.db;
    for (const id of ids) {
      const user = await db.selectFrom('users').select('balance').where('id', '=', id).executeTakeFirstOrThrow();
      const rows = await db.selectFrom('ledger').selectAll().where('user_id', '=', id).orderBy('id').execute();
      const sum = rows.reduce((total, r) => total + Number(r.amount), 0);
      expect(sum).toBe(Number(user.balance));
      // Each row starts where the one before it ended.
      rows.forEach((r, i) => {
        expect(Number(r.balance_after)).toBe(Number(r.balance_before) + Number(r.amount));
        if (i > 0) expect(Number(r.balance_before)).toBe(Number(rows[i - 1].balance_after));
      });
      const recharges = await db.selectFrom('recharges').selectAll().where('user_id', '=', id).execute();
      expect(recharges.reduce((total, r) => total + Number(r.amount), 0)).toBe(sum);
    }
    const ok = answers.filter((a) => a.code === 200).length;
    expect(
      Number(
        (
          await db
            .selectFrom('ledger')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(ok);
    const stats = await s.get('/api/statistics/index', sup);
    expect(stats.data.admin.diff).toBe(0);
  });
});
