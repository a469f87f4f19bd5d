import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.js';
import { DEDUPE_WINDOW_MS, exactKey, messageFingerprint, deliverMessage } from '../../codes/index.js';
import { createSmtpReceiver, mailText, type InboundMail, type SmtpReceiver } from './smtp-receiver.js';
import { prepared } from '../../platform/db/fast-query.js';
import { checkDkim, type DkimVerdict, type TxtResolver } from './dkim.js';
import { metAlternatives, ruleAlternatives, vouched } from './sender-rules.js';
import { servedDomains } from './served-domains.js';

/**
 * The SMTP receiver for mail products (SMTP_PORT), docs/smsforwarder.md#smtp-intake. RCPT takes
 * every address of a domain we serve (that of a mailbox in a mail product's stock) alike, so it
 * tells nobody which mailboxes we have; after DATA a recipient not in stock is dropped without a
 * trace, and each other one goes through deliverMessage once, the subject and text together. A From
 * that meets a product's sender rule is handed on only when DKIM vouches for it (sender-rules.ts).
 * A failure answers 451, and the sending server tries again later; copies are stored once.
 */
export interface MailIntakeOptions {
  /** The DNS for DKIM keys; unset: the system's, with short timeouts (dkim.ts). */
  dkimResolver?: TxtResolver;
}

/** Whether an address is a mailbox in a mail product's stock. */
const mailboxInStock = prepared((db) =>
  db
    .selectFrom('stock_items as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .select('s.id')
    .where('s.ident_key', '=', '')
    .where('g.channel', '=', 'mail')
    .limit(1),
);

export function mailIntake(ctx: Ctx, opts: MailIntakeOptions = {}): SmtpReceiver {
  const inStock = async (address: string) => (await mailboxInStock(ctx.database, [address, 'mail', 1])).length > 0;
  const serves = servedDomains({ domains: () => stockDomains(ctx), inStock });
  return createSmtpReceiver({
    maxBytes: ctx.settings.smtpMaxBytes,
    maxClients: ctx.settings.smtpMaxClients,
    idleTimeoutMs: ctx.settings.smtpIdleTimeoutMs,
    now: ctx.now,
    accepts: serves,
    onMail: async (mail) => {
      const dkim = once(() => checkDkim(mail.raw, opts.dkimResolver));
      for (const recipient of mail.recipients) {
        if (await inStock(recipient)) await deliverMail(ctx, mail, recipient, await ruleSenderFor(ctx, mail, recipient, dkim));
      }
    },
    onError: (err) => ctx.log.warn({ err }, 'smtp intake'),
  });
}

/** The domains of the mailboxes in mail products' stock (each mailbox has one `@`). */
async function stockDomains(ctx: Ctx): Promise<string[]> {
  const domain =
    ctx.database.dialect === 'postgres'
      ? sql<string>`split_part(s.ident_key, '@', 2)`
      : sql<string>`substr(s.ident_key, instr(s.ident_key, '@') + 1)`;
  const rows = await ctx.db
    .selectFrom('stock_items as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .select(domain.as('domain'))
    .distinct()
    .where('g.channel', '=', 'mail')
    .execute();
  return rows.map((r) => r.domain);
}

/**
 * The sender the products' rules read, for one recipient: the From, unless it meets a sender rule of
 * a product holding the recipient without DKIM vouching for it; then none (a DNS failure answers 451
 * instead, so the mail comes again rather than miss its link). The inbox keeps the From either way.
 */
async function ruleSenderFor(ctx: Ctx, mail: InboundMail, recipient: string, dkim: () => Promise<DkimVerdict>): Promise<string> {
  const rules = await ctx.db
    .selectFrom('tokens as t')
    .innerJoin('goods as g', 'g.id', 't.goods_id')
    .select('g.match_sender')
    .distinct()
    .where('t.ident_key', '=', recipient)
    .where('g.match_sender', 'is not', null)
    .execute();
  const met = metAlternatives(mail.sender, ruleAlternatives(rules.map((r) => r.match_sender)));
  if (!met.length) return mail.sender;
  const verdict = await dkim();
  if (vouched(mail.sender, met, verdict)) return mail.sender;
  if (verdict.temporary) throw new Error('DKIM 公钥暂时无法查询');
  return '';
}

function once<T>(f: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | null = null;
  return () => (p ??= f());
}

async function deliverMail(ctx: Ctx, mail: InboundMail, recipient: string, ruleSender: string) {
  // eslint-disable-next-line no-control-regex -- U+0000 removed on purpose: PostgreSQL cannot store it
  const text = mailText(mail).replace(/\u0000/g, '');
  const sender = mail.sender;
  const identity = {
    source: 'mail',
    recipient,
    sender,
    text: mail.messageId ? `${mail.messageId}\n${text}` : text,
    receivedAt: mail.receivedAt,
  };
  await deliverMessage(ctx, {
    source: 'mail',
    recipient,
    sender,
    ruleSender,
    text,
    receivedAt: mail.receivedAt,
    dedupe: { fingerprint: messageFingerprint(identity), exactKey: exactKey(identity), windowMs: DEDUPE_WINDOW_MS },
  });
}
