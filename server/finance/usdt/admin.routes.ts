import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.js';
import { sessionOf } from '../../platform/http/auth.js';
import { fail, ok } from '../../platform/http/envelope.js';
import { objectBody, rejectUnknown } from '../../platform/http/validate.js';
import { toDollars } from '../../platform/lib/money.js';
import { formatTime } from '../../platform/lib/time.js';
import { idOf } from '../../platform/http/ids.js';
import { editConfig, presentConfig } from './config.js';
import { attachTransfer } from './transfers.js';
import { audit, auditCtxOf } from '../../audit/index.js';
import { watchingOrders } from './watch-state.js';
import { readConfig } from './config.js';
import { openAddress } from './chain-config.js';
import { CHAINS, EVM_CHAINS, watcherOf } from './chains.js';
import { NOT_STARTED } from './evm-watch-state.js';

/** The sup's side: settings, the watchers' health (TRC20 per address, each EVM chain) and a poll on demand, attaching unmatched transfers. */
export function registerUsdtAdminRoutes(app: FastifyInstance, ctx: Ctx): void {
  const tz = ctx.settings.timeZone;
  const time = (ms: number | null) => formatTime(ms === null || ms === 0 ? null : Number(ms), tz);

  async function status() {
    const now = ctx.now();
    const rows = await ctx.db.selectFrom('usdt_watch').selectAll().orderBy('address').execute();
    const watching = await watchingOrders(ctx.db, now)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const unmatched = await ctx.db
      .selectFrom('usdt_transfers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'unmatched')
      .executeTakeFirstOrThrow();
    const cfg = await readConfig(ctx.db);
    const chainRows = await ctx.db.selectFrom('usdt_chain_watch').selectAll().execute();
    const chains = EVM_CHAINS.map((chain) => {
      const c = cfg.chains[chain];
      const r = chainRows.find((x) => x.chain === chain);
      const started = r && Number(r.cursor) !== NOT_STARTED;
      const head = r?.head === null || r?.head === undefined ? null : Number(r.head);
      return {
        chain,
        network: c.network,
        watched: Boolean(openAddress(c)),
        cursor: started ? Number(r.cursor) : null,
        head,
        // Blocks that have their confirmations but are not read yet.
        behind: started && head !== null ? Math.max(0, head - c.confirmations - Number(r.cursor)) : null,
        span: r ? Number(r.span) : null,
        last_poll_at: time(r?.last_poll_at ?? null),
        last_ok_at: time(r?.last_ok_at ?? null),
        last_error: r?.last_error ?? null,
        last_error_at: time(r?.last_error_at ?? null),
        failures: r ? Number(r.failures) : 0,
        retry_at: r && Number(r.retry_at) > now ? time(r.retry_at) : null,
      };
    });
    return {
      chains,
      watching: Number(watching.n),
      unmatched: Number(unmatched.n),
      addresses: rows.map((r) => ({
        address: r.address,
        cursor: time(r.cursor),
        last_poll_at: time(r.last_poll_at),
        last_ok_at: time(r.last_ok_at),
        last_error: r.last_error,
        last_error_at: time(r.last_error_at),
        failures: Number(r.failures),
        retry_at: Number(r.retry_at) > now ? time(r.retry_at) : null,
      })),
    };
  }

  app.get('/api/usdt/config', { config: { access: 'sup:money' } }, async () => {
    return ok({ ...(await presentConfig(ctx.db)), status: await status() });
  });

  app.post('/api/usdt/config/edit', { config: { access: 'sup:money' } }, async (request) => {
    const who = auditCtxOf(request, ctx);
    await ctx.db.transaction().execute(async (trx) => {
      const before = await presentConfig(trx);
      await editConfig(trx, request.body, tz, ctx.now(), ctx.settings.webhookAllowPrivate);
      await audit(trx, who, {
        action: 'usdt.config',
        category: 'money',
        targetType: 'settings',
        summary: '修改 USDT 充值设置',
        before,
        after: await presentConfig(trx),
      });
    });
    // A chain just opened is watched from now, not after the long sleep of an unwatched one.
    for (const chain of CHAINS) app.jobs.reschedule(watcherOf(chain));
    return ok({ ...(await presentConfig(ctx.db)), status: await status() }, '保存成功');
  });

  app.post('/api/usdt/poll', { config: { access: 'sup:money' } }, async (request) => {
    rejectUnknown(objectBody(request.body), []);
    const rounds = await Promise.all(CHAINS.map((chain) => app.jobs.runNow(watcherOf(chain))));
    const ran = rounds.every(Boolean);
    return ok({ ran, status: await status() }, ran ? '已检查链上转账' : '另一个服务进程正在检查，请稍后刷新');
  });

  app.post('/api/transfer/attach', { config: { access: 'sup:money' } }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['id', 'user_id']);
    const id = idOf(body.id);
    if (body.user_id === undefined || body.user_id === null || body.user_id === '')
      throw fail.badInput('请选择入账用户', { user_id: '请选择入账用户' });
    const userId = idOf(body.user_id);
    const who = auditCtxOf(request, ctx);
    const done = await attachTransfer(ctx.db, { id, userId, operatorId: sessionOf(request).user.id, now: ctx.now() }, (trx, c) =>
      audit(trx, who, {
        action: 'transfer.attach',
        category: 'money',
        targetType: 'transfer',
        targetId: id,
        summary: `转账 #${id} 入账 $${toDollars(c.amount).toFixed(2)} 给用户 #${userId}（${c.txHash}）`,
        before: { user_id: userId, balance: toDollars(c.balance - c.amount) },
        after: { user_id: userId, balance: toDollars(c.balance) },
      }),
    );
    return ok({ balance: toDollars(done.balance) }, `已入账 ${toDollars(done.amount).toFixed(2)} 到 ${done.username}`);
  });
}
