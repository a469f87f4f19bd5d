import fs from 'node:fs';
import path from 'node:path';
import type { AuditAnchor } from './anchor.js';

/**
 * The last anchor this machine published, in DATA_DIR: `npm run audit -- verify` checks against it by
 * default. Outside the database, so an attacker who can only reach PostgreSQL cannot rewrite it; on
 * SQLite it lies beside app.db, so the anchors published elsewhere (backups, Telegram, the log) are
 * the real check (docs/operations.md).
 */
export const ANCHOR_FILE = 'audit-anchor.json';

export const anchorFileOf = (dataDir: string) => path.resolve(dataDir, ANCHOR_FILE);

/** The anchor kept in `dataDir`, or null when there is none; a file that is not one throws. */
export function readAnchorFile(dataDir: string): AuditAnchor | null {
  let text: string;
  try {
    text = fs.readFileSync(anchorFileOf(dataDir), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const a = JSON.parse(text) as AuditAnchor;
  if (!Number.isSafeInteger(a?.id) || !/^[0-9a-f]{64}$/.test(String(a.hash)) || !Number.isSafeInteger(a.rows)) {
    throw new Error(`${anchorFileOf(dataDir)} 不是有效的锚点文件`);
  }
  return a;
}

/** Replaces the kept anchor whole (written aside, then renamed), readable by the owner only. */
export function writeAnchorFile(dataDir: string, a: AuditAnchor): void {
  const file = anchorFileOf(dataDir);
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(
    partial,
    JSON.stringify({ id: a.id, hash: a.hash, rows: a.rows, at: a.at, time: new Date(a.at ?? Date.now()).toISOString() }) + '\n',
    { mode: 0o600 },
  );
  fs.renameSync(partial, file);
}
