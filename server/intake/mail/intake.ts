import type { Ctx } from '../../platform/context.js';
import { DEDUPE_WINDOW_MS, exactKey, messageFingerprint } from '../../codes/dedupe.js';
import { deliverMessage } from '../../codes/deliver.js';
import { createSmtpReceiver, mailText, type InboundMail, type SmtpReceiver } from './smtp-receiver.js';
import { prepared } from '../../platform/db/fast-query.js';

/**
 * The SMTP receiver for mail products (SMTP_PORT): a recipient is taken only when it is a mailbox
 * in the stock of a mail product (refused at RCPT otherwise: nothing is stored for strangers), and
 * each accepted mail goes through deliverMessage once per recipient, its subject and text together.
 * A failure answers 451, and the sending server tries again later; copies are stored once.
 */
/** Whether an address is a mailbox in a mail product's stock: asked at every RCPT. */
const mailboxInStock = prepared((db) => db.selectFrom('stock_items as s').innerJoin('goods as g', 'g.id', 's.goods_id')
  .select('s.id').where('s.ident_key', '=', '').where('g.channel', '=', 'mail').limit(1));

export function mailIntake(ctx: Ctx): SmtpReceiver {
  return createSmtpReceiver({
    maxBytes: ctx.settings.smtpMaxBytes,
    accepts: async (address) => (await mailboxInStock(ctx.database, [address, 'mail', 1])).length > 0,
    onMail: async (mail) => {
      for (const recipient of mail.recipients) await deliverMail(ctx, mail, recipient);
    },
    onError: (err) => ctx.log.warn({ err }, 'smtp intake'),
  });
}

async function deliverMail(ctx: Ctx, mail: InboundMail, recipient: string) {
  const text = mailText(mail).replace(/\u0000/g, '');
  const identity = { source: 'mail', recipient, sender: mail.sender, text: mail.messageId ? `${mail.messageId}\n${text}` : text, receivedAt: mail.receivedAt };
  await deliverMessage(ctx, {
    source: 'mail', recipient, sender: mail.sender, text, receivedAt: mail.receivedAt,
    dedupe: { fingerprint: messageFingerprint(identity), exactKey: exactKey(identity), windowMs: DEDUPE_WINDOW_MS },
  });
}
