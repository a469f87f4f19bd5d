import type { Settings } from '../env.js';
import type { Ctx } from '../platform/context.js';
import type { Job } from '../platform/jobs/runner.js';
import { anchorLine, anchorText, chainHead, checkAnchor } from './anchor.js';
import { anchorFileOf, readAnchorFile, writeAnchorFile } from './anchor-file.js';

/** Soon after start, then hourly: an anchor in the log at least daily, and the window a rewrite could hide in stays short. */
const FIRST_MS = 1_000;
const EVERY_MS = 60 * 60_000;

/** Per settings (one app): whether this process has published once. */
const published = new WeakSet<Settings>();

/**
 * Publishes the audit chain's head: an info line in the log and DATA_DIR/audit-anchor.json. A chain
 * that no longer holds the anchor kept there is an error line instead, and the file is left as it is,
 * so a rebuilt chain never becomes the anchor it is checked against.
 */
export const auditAnchorJob: Job = {
  name: 'audit-anchor',
  everyMs: (ctx) => (published.has(ctx.settings) ? EVERY_MS : FIRST_MS),
  async run(ctx) {
    await publishAnchor(ctx);
    published.add(ctx.settings);
  },
};

export async function publishAnchor(ctx: Pick<Ctx, 'db' | 'settings' | 'log' | 'now'>): Promise<void> {
  const { dataDir } = ctx.settings;
  let kept;
  try {
    kept = readAnchorFile(dataDir);
  } catch (err) {
    ctx.log.error(`审计链锚点文件无法读取（${(err as Error).message}），本次未更新`);
    return;
  }
  if (kept) {
    const broken = await checkAnchor(ctx.db, kept);
    if (broken) {
      ctx.log.error(
        { auditAnchor: kept },
        `审计链与上次的锚点（${anchorFileOf(dataDir)}）不符：${broken}。锚点文件未更新；请用 npm run audit -- verify 核对`,
      );
      return;
    }
  }
  const head = await chainHead(ctx.db, ctx.now());
  if (!head) return;
  if (!kept) {
    // A deleted file would otherwise be replaced by whatever the chain is now, unremarked.
    ctx.log.warn(
      `审计链锚点文件 ${anchorFileOf(dataDir)} 不存在，按当前的链重新建立（新安装首次启动时如此）。` +
        '若不是新安装，请用最近的备份清单或日志中的锚点核对：npm run audit -- verify --anchor 行号:哈希',
    );
  }
  writeAnchorFile(dataDir, head);
  ctx.log.info({ auditAnchor: { ...head, anchor: anchorText(head) } }, anchorLine(head));
}
