/**
 * `npm run audit -- verify`: walks the audit trail's hash chain in the database the server uses (the
 * same environment as `npm start`). Prints `ok <rows>` and the last row's id and hash when every row
 * matches, or the first row that does not (its id and why) and exits 1.
 */
import { pathToFileURL } from 'node:url';
import { readSettings } from '../env.js';
import { connect, type Database } from '../platform/db/connection.js';
import { verifyChain } from './audit.js';

export async function auditCommand(args: string[], database?: Database): Promise<{ code: number; lines: string[] }> {
  if (args[0] !== 'verify' || args.length > 1) return { code: 2, lines: ['用法：npm run audit -- verify'] };
  const settings = database ? undefined : readSettings();
  const db = database ?? await connect({ databaseUrl: settings!.databaseUrl, dataDir: settings!.dataDir, readCacheMs: 0 });
  try {
    const r = await verifyChain(db.db);
    // The last row's id and hash, for the owner to keep elsewhere: rows cut off the end leave a valid
    // chain, but not one ending in the hash kept.
    if (r.ok) return { code: 0, lines: [`ok ${r.rows}`, ...(r.last ? [`last id=${r.last.id} hash=${r.last.hash}`] : [])] };
    return { code: 1, lines: [`mismatch id=${r.id}: ${r.reason}（此前 ${r.rows} 行正常）`] };
  } finally {
    if (!database) await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  auditCommand(process.argv.slice(2)).then(({ code, lines }) => {
    for (const line of lines) process.stdout.write(line + '\n');
    process.exitCode = code;
  }, (error) => {
    process.stderr.write(`核对失败：${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
