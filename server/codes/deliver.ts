import { sql, type Kysely } from 'kysely';
import type { Ctx } from '../context.js';
import type { DB } from '../db/schema.js';
import { identKey } from '../stock/parse.js';
import { RECEIVING } from '../tokens/states.js';
import { extractCode } from './extract.js';
import { chooseLinks } from './match.js';
import { codeSignal } from './notify.js';

export interface InboundMessage {
  source: 'sms' | 'mail' | 'upstream' | 'manual';
  /** The number or mailbox the message was sent to (a stock identifier, in any spelling of it). */
  recipient: string;
  sender?: string | null;
  text: string;
  /** When it arrived (ms); a time in the future counts as now. */
  receivedAt: number;
  deviceId?: number | null;
  /** The SIM slot it came in on, when known. */
  slot?: number | null;
  /**
   * Its identity (server/codes/dedupe.ts): a copy of a message stored within the window (or an exact
   * copy, by the unique index) is not stored again and answers `duplicate: true`.
   */
  dedupe?: { fingerprint: string; exactKey: string; windowMs: number };
}

export interface Delivery {
  messageId: number;
  code: string | null;
  /** The links that received the code (none: `reason` says why). */
  tokenIds: number[];
  reason: string | null;
  /** A copy of a message stored before: nothing was written. */
  duplicate?: boolean;
}

/**
 * The one way a message becomes a code on a link (SMS webhook, SMTP, upstream polling, manual entry
 * all call it). One transaction: the message is stored; the links holding its recipient that were
 * armed before it arrived and can still receive are chosen by the product's rules; each gets a
 * code record, its last code and a receive counted (used up at the limit, by a conditional update
 * so concurrent messages never pass it); the message keeps why it matched nothing. After the
 * commit, `?wait=` reads of those links wake.
 */
export async function deliverMessage(ctx: Ctx, msg: InboundMessage): Promise<Delivery> {
  const now = ctx.now();
  const at = Number.isFinite(msg.receivedAt) ? Math.min(msg.receivedAt, now) : now;
  const sender = (msg.sender ?? '').slice(0, 255);
  const code = extractCode(msg.text)?.slice(0, 32) ?? null;
  const key = identKey(msg.recipient);

  const dedupe = msg.dedupe;
  // Read before the write transaction (it holds SQLite's one writer): the links that may get the
  // code. The conditional update below checks each one again, so a link changed meanwhile is skipped.
  const candidates = key ? await ctx.db.selectFrom('tokens as t').innerJoin('goods as g', 'g.id', 't.goods_id')
    .select(['t.id', 't.user_id', 't.goods_id', 't.identifier', 't.armed_at', 't.expires_at', 'g.match_sender', 'g.match_keyword'])
    .where('t.ident_key', '=', key).where('t.state', 'in', RECEIVING).execute() : [];
  const chosen = candidates.length
    ? chooseLinks(candidates.map((c) => ({ ...c, armed_at: Number(c.armed_at), expires_at: Number(c.expires_at) })), { sender, text: msg.text, at, code })
    : { targets: [], reason: await whyNoLink(ctx.db, key) };

  const run = () => ctx.db.transaction().execute(async (trx): Promise<Delivery> => {
    if (dedupe) {
      const copy = await trx.selectFrom('messages').select(['id', 'code']).where('fingerprint', '=', dedupe.fingerprint)
        .where('received_at', '>=', at - dedupe.windowMs).where('received_at', '<=', at + dedupe.windowMs).limit(1).executeTakeFirst();
      if (copy) return { messageId: Number(copy.id), code: copy.code, tokenIds: [], reason: null, duplicate: true };
    }
    const received: typeof chosen.targets = [];
    for (const t of chosen.targets) {
      const updated = await trx.updateTable('tokens')
        .set((eb) => ({
          received: eb('received', '+', 1), code_count: eb('code_count', '+', 1),
          last_code: code, last_text: msg.text, last_code_at: at,
          state: sql<string>`case when ${eb.ref('receive_limit')} > 0 and ${eb.ref('received')} + 1 >= ${eb.ref('receive_limit')} then 'used_up' else 'code_received' end`,
        }))
        .where('id', '=', t.id).where('state', 'in', RECEIVING).where('armed_at', '<=', at)
        .where((eb) => eb.or([eb('receive_limit', '=', 0), eb('received', '<', eb.ref('receive_limit'))]))
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows)) received.push(t);
    }
    const tokenIds = received.map((t) => Number(t.id));
    const reason = tokenIds.length ? null : chosen.reason ?? '链接状态已变化';
    // Stored once its links are known: no second write to it.
    const message = await trx.insertInto('messages').values({
      source: msg.source, device_id: msg.deviceId ?? null, sender: sender || null, recipient: msg.recipient.slice(0, 255),
      text: msg.text, code, token_id: tokenIds[0] ?? null, reason, matched: tokenIds.length ? 1 : 0, received_at: at, create_at: now,
      slot: msg.slot ?? null, fingerprint: dedupe?.fingerprint ?? null, exact_key: dedupe?.exactKey ?? null,
    }).returning('id').executeTakeFirstOrThrow();
    const messageId = Number(message.id);
    if (received.length) {
      await trx.insertInto('code_records').values(received.map((t) => ({
        token_id: t.id, user_id: t.user_id, goods_id: t.goods_id, identifier: t.identifier, message_id: messageId,
        sender: sender || null, code: code!, text: msg.text, create_at: at,
      }))).execute();
    }
    return { messageId, code, tokenIds, reason };
  });
  let delivery: Delivery;
  try {
    delivery = await run();
  } catch (err) {
    // Two exact copies at once (another process): the unique index let one in.
    if (!dedupe || !isUniqueViolation(err)) throw err;
    const copy = await ctx.db.selectFrom('messages').select(['id', 'code']).where('exact_key', '=', dedupe.exactKey).executeTakeFirst();
    if (!copy) throw err;
    return { messageId: Number(copy.id), code: copy.code, tokenIds: [], reason: null, duplicate: true };
  }
  codeSignal(ctx.database).publish(delivery.tokenIds);
  return delivery;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/** Why a recipient has no link that can receive: the newest link it had says it best. */
async function whyNoLink(trx: Kysely<DB>, key: string): Promise<string> {
  if (!key) return '收件号码未知：请在手机的 SIM 卡备注里写上号码，或在设备管理里绑定卡槽号码';
  const last = await trx.selectFrom('tokens').select('state').where('ident_key', '=', key).orderBy('id', 'desc').limit(1).executeTakeFirst();
  switch (last?.state) {
    case undefined: return '没有持有该号码或邮箱的链接';
    case 'used_up': return '链接的接码次数已用完';
    case 'expired': return '链接已过期';
    case 'finished': return '链接已完成';
    default: return '链接已退款或已撤销';
  }
}
