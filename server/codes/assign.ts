import type { Ctx } from '../platform/context.js';
import { fail } from '../platform/http/envelope.js';
import { statement, value, writeTransaction, type TransactionBody } from '../platform/db/fast-write.js';
import { identKey } from '../catalog/index.js';
import { RECEIVING, codeSignal } from '../links/index.js';
import { receiveWrites } from './deliver.js';
import { codeEvents } from '../webhooks/index.js';
import { servicesNamed } from './services.js';

/** The unmatched message becomes the link's: conditional, so two assignments of one message cannot both pass. */
const claim = statement((db) =>
  db
    .updateTable('messages')
    .set({ token_id: value('token_id'), matched: 1, reason: null })
    .where('id', '=', value('id'))
    .where('matched', '=', 0),
);

/** A message whose recipient was unknown names the number it went to once assigned. */
const nameRecipient = statement((db) =>
  db
    .updateTable('messages')
    .set({ recipient: value('recipient') })
    .where('id', '=', value('id')),
);

/** At most this many links are offered; a search narrows them. */
const OFFERED = 50;

/** A message no link took, with its code. */
async function unmatched(ctx: Ctx, messageId: number) {
  const msg = await ctx.db
    .selectFrom('messages')
    .select(['id', 'device_id', 'recipient', 'sender', 'text', 'code', 'matched', 'received_at'])
    .where('id', '=', messageId)
    .executeTakeFirst();
  if (!msg) throw fail.notFound('消息不存在');
  if (Number(msg.matched)) throw fail.conflict('该消息已送达链接');
  if (!msg.code) throw fail.badInput('该消息没有识别到验证码，不能分配');
  return msg;
}

/** What the sup typed to find a link: digits of its number; `all` drops the narrowing by the app the sender names. */
export interface LinkSearch {
  q?: string;
  all?: boolean;
}

/** The key spellings of a device's own numbers (its SIM slots), to offer that device's links first. */
async function deviceKeys(ctx: Ctx, deviceId: number | null): Promise<string[]> {
  if (deviceId === null) return [];
  const d = await ctx.db.selectFrom('devices').select(['sim1', 'sim2']).where('id', '=', deviceId).executeTakeFirst();
  return [d?.sim1, d?.sim2].map((n) => identKey(n ?? '')).filter(Boolean);
}

/**
 * The links that may take a message, newest first. A known recipient: those holding it and still
 * receiving. An unknown one (a phone that did not say which SIM): every link still receiving that was
 * armed before the message came, the message's device's numbers first (bound to it, or its SIM
 * slots), only the apps the sender or text names unless `all`, and only numbers containing `q`'s digits.
 */
export async function assignableLinks(ctx: Ctx, messageId: number, search: LinkSearch = {}) {
  const msg = await unmatched(ctx, messageId);
  const key = identKey(msg.recipient ?? '');
  const deviceId = msg.device_id === null ? null : Number(msg.device_id);
  const own = await deviceKeys(ctx, deviceId);
  const services = key || search.all ? [] : [...servicesNamed(msg.sender ?? '', msg.text)];
  const digits = (search.q ?? '').replace(/[^\d]/g, '');
  const rows = await ctx.db
    .selectFrom('tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('goods as g', 'g.id', 't.goods_id')
    .leftJoin('stock_items as s', 's.id', 't.stock_item_id')
    .select(['t.id', 't.identifier', 't.ident_key', 't.state', 't.armed_at', 'u.username', 'g.title', 'g.service', 's.device_id'])
    .where('t.state', 'in', RECEIVING)
    .$if(Boolean(key), (q) => q.where('t.ident_key', '=', key))
    .$if(!key, (q) => q.where('t.armed_at', '<=', Number(msg.received_at)))
    .$if(services.length > 0, (q) => q.where('g.service', 'in', services))
    .$if(digits.length > 0, (q) => q.where('t.ident_key', 'like', `%${digits}%`))
    .$if(!key && (deviceId !== null || own.length > 0), (q) =>
      q.orderBy((eb) =>
        eb
          .case()
          .when(eb.or([eb('s.device_id', '=', deviceId ?? -1), ...(own.length ? [eb('t.ident_key', 'in', own)] : [])]))
          .then(0)
          .else(1)
          .end(),
      ),
    )
    .orderBy('t.id', 'desc')
    .limit(OFFERED)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    identifier: r.identifier,
    state: r.state,
    armed_at: Number(r.armed_at),
    username: r.username,
    title: r.title,
    service: r.service,
    on_device: deviceId !== null && (Number(r.device_id) === deviceId || own.includes(r.ident_key)),
    early: Number(r.armed_at) > Number(msg.received_at),
  }));
}

/**
 * Whether anything can take each message now (the inbox shows 分配 only then): unmatched, with a
 * code, and some link still receiving that was armed before it came, holding its recipient when that
 * is known. Two reads for a page of messages, not one a row.
 */
export async function assignableFlags(ctx: Ctx, rows: Record<string, unknown>[]): Promise<boolean[]> {
  const open = rows.map((r) => !Number(r.matched) && Boolean(r.code));
  const keys = rows.map((r) => identKey(String(r.recipient ?? '')));
  const known = [...new Set(keys.filter((k, i) => k && open[i]))];
  const earliest = new Map<string, number>();
  if (known.length) {
    const found = await ctx.db
      .selectFrom('tokens')
      .select((eb) => ['ident_key', eb.fn.min<number>('armed_at').as('armed')])
      .where('ident_key', 'in', known)
      .where('state', 'in', RECEIVING)
      .groupBy('ident_key')
      .execute();
    for (const f of found) earliest.set(f.ident_key, Number(f.armed));
  }
  let anyArmed: number | null = null;
  if (keys.some((k, i) => !k && open[i])) {
    const found = await ctx.db
      .selectFrom('tokens')
      .select((eb) => eb.fn.min<number>('armed_at').as('armed'))
      .where('state', 'in', RECEIVING)
      .executeTakeFirst();
    anyArmed = found?.armed == null ? null : Number(found.armed);
  }
  return rows.map((r, i) => {
    if (!open[i]) return false;
    const armed = keys[i] ? earliest.get(keys[i]) : anyArmed;
    return armed !== undefined && armed !== null && armed <= Number(r.received_at);
  });
}

/**
 * The sup gives an unmatched message's code to one link holding its recipient (a number shared by
 * several customers' products, a sender no rule knew), or to any link when the recipient is unknown
 * (the message then names that link's number): the same writes as a delivery, in one
 * transaction, and the link's waiting readers wake.
 */
export async function assignMessage(ctx: Ctx, messageId: number, tokenId: number): Promise<{ code: string }> {
  const msg = await unmatched(ctx, messageId);
  const link = await ctx.db
    .selectFrom('tokens')
    .select(['id', 'user_id', 'goods_id', 'identifier', 'ident_key'])
    .where('id', '=', tokenId)
    .executeTakeFirst();
  if (!link) throw fail.notFound('链接不存在');
  const key = identKey(msg.recipient ?? '');
  if (key && link.ident_key !== key) throw fail.badInput('该链接的号码与消息的收件号码不同');
  const code = msg.code!;
  const at = Number(msg.received_at);

  const events = codeEvents(ctx.database);
  await writeTransaction(ctx.database, function* (): TransactionBody<void> {
    const { changes } = yield [receiveWrites.receive, { id: tokenId, code, text: msg.text, at }];
    if (!changes) throw fail.conflict('该链接现在不能接收这条验证码：已过期、次数已用完，或在消息收到之后才启用');
    const claimed = yield [claim, { id: messageId, token_id: tokenId }];
    if (!claimed.changes) throw fail.conflict('该消息已送达链接');
    if (!key) yield [nameRecipient, { id: messageId, recipient: link.identifier }];
    yield [
      receiveWrites.record,
      {
        token_id: tokenId,
        user_id: link.user_id,
        goods_id: link.goods_id,
        identifier: link.identifier,
        message_id: messageId,
        sender: msg.sender,
        code,
        text: msg.text,
        create_at: at,
      },
    ];
    yield* events.queue({ userId: Number(link.user_id), tokenId, code, text: msg.text, receivedAt: at, now: ctx.now() });
  });
  codeSignal(ctx.database).publish([tokenId]);
  events.committed();
  return { code };
}
