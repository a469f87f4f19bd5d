/**
 * `npm run audit -- verify [--anchor <id>:<hash>]`: walks the audit trail's hash chain in the database
 * the server uses (the same environment as `npm start`), then checks it still holds an anchor: the one
 * given (from a backup's manifest, the daily Telegram summary or the log), else the last one kept in
 * DATA_DIR/audit-anchor.json. Prints `ok <rows>`, the last row's id and hash, and the anchor checked;
 * or the first row that does not match, or why the anchor is not held, and exits 1.
 */
import { pathToFileURL } from 'node:url';
import { readSettings } from '../env.js';
import { connect, type Database } from '../platform/db/connection.js';
import { verifyChain } from './audit.js';
import { anchorText, checkAnchor, parseAnchor, type AuditAnchor } from './anchor.js';
import { anchorFileOf, readAnchorFile } from './anchor-file.js';

const USAGE = '用法：npm run audit -- verify [--anchor 行号:哈希]';
const EMPTY =
  '核对失败：审计表是空的，没有可核对的记录（新安装在首次登录前如此；运行过的系统为空说明记录被清空）。' +
  '请用备份清单、Telegram 每日汇总或日志中的锚点核对：npm run audit -- verify --anchor 行号:哈希';
const NO_ANCHOR =
  '未与锚点核对（没有锚点文件，也没有给出 --anchor）：链本身完整，但无法发现末尾被删除或整条链被重建；' +
  '请用备份清单、Telegram 每日汇总或日志中的锚点再核对一次';

type Parsed = { anchor?: AuditAnchor } | { error: string };

function parseArgs(args: string[]): Parsed {
  if (args[0] !== 'verify') return { error: USAGE };
  let anchor: AuditAnchor | undefined;
  for (let i = 1; i < args.length; i++) {
    const arg = args[i];
    const value = arg === '--anchor' ? args[++i] : arg.startsWith('--anchor=') ? arg.slice('--anchor='.length) : undefined;
    if (value === undefined || anchor) return { error: USAGE };
    const parsed = parseAnchor(value);
    if (!parsed) return { error: `锚点 ${value} 的格式不对：应为 行号:64 位十六进制哈希（如 verify 输出的 last id 与 hash）。${USAGE}` };
    anchor = parsed;
  }
  return { anchor };
}

/**
 * `dataDir`: where the kept anchor is looked for (default: the settings' DATA_DIR when `database`
 * is not given; none otherwise).
 */
export async function auditCommand(args: string[], database?: Database, dataDir?: string): Promise<{ code: number; lines: string[] }> {
  const parsed = parseArgs(args);
  if ('error' in parsed) return { code: 2, lines: [parsed.error] };
  const settings = database ? undefined : readSettings();
  const keptIn = dataDir ?? settings?.dataDir;
  let anchor = parsed.anchor;
  let source = '命令行给出的锚点';
  if (!anchor && keptIn) {
    try {
      anchor = readAnchorFile(keptIn) ?? undefined;
    } catch (err) {
      return { code: 1, lines: [`锚点文件无法读取：${(err as Error).message}`] };
    }
    source = anchorFileOf(keptIn);
  }
  const db = database ?? (await connect({ databaseUrl: settings!.databaseUrl, dataDir: settings!.dataDir, readCacheMs: 0 }));
  try {
    const r = await verifyChain(db.db);
    if (!r.ok) return { code: 1, lines: [`mismatch id=${r.id}: ${r.reason}（此前 ${r.rows} 行正常）`] };
    // A running service always has rows (every login writes one): an empty trail was emptied.
    if (!r.rows && !anchor) return { code: 1, lines: [EMPTY] };
    const lines = [`ok ${r.rows}`, ...(r.last ? [`last id=${r.last.id} hash=${r.last.hash}`] : [])];
    if (!anchor) return { code: 0, lines: [...lines, NO_ANCHOR] };
    const broken = await checkAnchor(db.db, anchor);
    if (broken) return { code: 1, lines: [`核对失败：审计链与锚点 ${anchorText(anchor)} 不符（${source}）：${broken}`] };
    return { code: 0, lines: [...lines, `锚点 ${anchorText(anchor)} 相符（${source}）`] };
  } finally {
    if (!database) await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  auditCommand(process.argv.slice(2)).then(
    ({ code, lines }) => {
      for (const line of lines) process.stdout.write(line + '\n');
      process.exitCode = code;
    },
    (error) => {
      process.stderr.write(`核对失败：${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
