/** Real SMTP sessions, sent by nodemailer (and by hand), to the receiver on a free port. */
import nodemailer from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractCode } from '../../../server/codes/extract.js';
import {
  createSmtpReceiver,
  mailText,
  type InboundMail,
  type SmtpReceiver,
  type SmtpReceiverOptions,
} from '../../../server/intake/mail/smtp-receiver.js';
import { openSession, smtpDialogue } from '../../helpers/smtp-client.js';

const MAILBOXES = new Set(['tg-0001@mail.example.com', 'tg-0002@mail.example.com']);
const NOW = Date.UTC(2024, 5, 1, 4, 30, 0);

let receiver: SmtpReceiver;
let port = 0;
let mails: InboundMail[] = [];
let failAccepts = false;
let failOnMail = false;

async function start(more: Partial<SmtpReceiverOptions> = {}) {
  receiver = createSmtpReceiver({
    accepts: (address) => {
      if (failAccepts) throw new Error('database down');
      return MAILBOXES.has(address);
    },
    onMail: (mail) => {
      if (failOnMail) throw new Error('database down');
      mails.push(mail);
    },
    name: 'mx.test',
    now: () => NOW,
    ...more,
  });
  port = await receiver.listen(0, '127.0.0.1');
}

beforeEach(async () => {
  mails = [];
  failAccepts = false;
  failOnMail = false;
  await start();
});
afterEach(() => receiver.close());

function transport() {
  return nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, name: 'sender.test' });
}

describe('SMTP receiver', () => {
  it('takes mail for a known address (in any case) and hands over sender, subject and text', async () => {
    const info = await transport().sendMail({
      from: 'Telegram <noreply@telegram.org>',
      to: 'TG-0001@Mail.Example.com',
      envelope: { from: 'bounce-7731@mailer.telegram.org', to: 'TG-0001@Mail.Example.com' },
      subject: 'Your login code',
      text: 'Your login code: 52741\nDo not give this code to anyone.',
    });
    expect(info.rejected).toEqual([]);
    expect(mails).toEqual([
      {
        recipients: ['tg-0001@mail.example.com'],
        sender: 'noreply@telegram.org',
        envelopeFrom: 'bounce-7731@mailer.telegram.org',
        subject: 'Your login code',
        text: 'Your login code: 52741\nDo not give this code to anyone.',
        messageId: expect.stringMatching(/^<.+>$/),
        receivedAt: NOW,
        raw: expect.any(Buffer),
      },
    ]);
    expect(mails[0].raw.toString()).toMatch(/^Subject: Your login code$/m);
    expect(extractCode(mailText(mails[0]))).toBe('52741');
  });

  it('refuses an unknown address at RCPT with 550, and delivers to the known one beside it', async () => {
    const err = await transport()
      .sendMail({ from: 'a@b.test', to: 'nobody@mail.example.com', text: 'x' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ responseCode: 550, command: 'RCPT TO', rejected: ['nobody@mail.example.com'] });
    expect(mails).toHaveLength(0);

    const info = await transport().sendMail({
      from: 'a@b.test',
      to: ['nobody@mail.example.com', 'tg-0002@mail.example.com'],
      text: 'code 7788',
    });
    expect(info.accepted).toEqual(['tg-0002@mail.example.com']);
    expect(info.rejected).toEqual(['nobody@mail.example.com']);
    expect(mails.map((m) => m.recipients)).toEqual([['tg-0002@mail.example.com']]);
  });

  it('refuses a message over the size limit with 552 and keeps nothing of it', async () => {
    await receiver.close();
    await start({ maxBytes: 10 * 1024 });
    const err = await transport()
      .sendMail({ from: 'a@b.test', to: 'tg-0001@mail.example.com', text: 'x'.repeat(50 * 1024) })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ responseCode: 552 });
    expect(mails).toHaveLength(0);
    // The limit leaves ordinary mail alone.
    await transport().sendMail({ from: 'a@b.test', to: 'tg-0001@mail.example.com', text: 'code 4821' });
    expect(mails).toHaveLength(1);
  });

  it('turns an HTML-only mail into text', async () => {
    await transport().sendMail({
      from: 'Steam <noreply@steampowered.com>',
      to: 'tg-0001@mail.example.com',
      subject: 'Your Steam account: Access from new computer',
      html: '<html><head><style>p{color:red}</style></head><body><p>Hello,</p><p>Steam Guard code:</p><div class="code">F7K2Q</div><p>&copy; Valve&nbsp;Corporation</p></body></html>',
    });
    expect(mails[0].text).toMatch(/Steam Guard code:\s*\n?\s*F7K2Q/);
    expect(mails[0].text).not.toMatch(/color|<p>/);
    expect(extractCode(mailText(mails[0]))).toBe('F7K2Q');
  });

  it('reads the HTML of a multipart/related mail (inline logo) that mailparser leaves unconverted', async () => {
    await transport().sendMail({
      from: 'noreply@example.com',
      to: 'tg-0001@mail.example.com',
      subject: 'Verify',
      html: '<img src="cid:logo@x"><table><tr><td>Verification code</td><td><b>604 192</b></td></tr></table>',
      attachments: [{ filename: 'logo.png', cid: 'logo@x', content: Buffer.from('89504e470d0a1a0a', 'hex') }],
    });
    expect(mails[0].text).toContain('Verification code 604 192');
    expect(extractCode(mailText(mails[0]))).toBe('604192');
  });

  it('takes text/plain from a multipart/alternative mail', async () => {
    await transport().sendMail({
      from: 'noreply@discord.com',
      to: 'tg-0001@mail.example.com',
      subject: 'Discord',
      text: 'Your Discord verification code is 603814',
      html: '<p>Your <b>HTML</b> version 111111</p>',
    });
    expect(mails[0].text).toBe('Your Discord verification code is 603814');
  });

  it('decodes Chinese subjects and bodies: UTF-8 from nodemailer, and GBK as Chinese mail servers send it', async () => {
    await transport().sendMail({
      from: '"腾讯QQ" <qq@qq.com>',
      to: 'tg-0001@mail.example.com',
      subject: 'QQ邮箱验证码',
      text: '您的验证码是 720416，切勿告诉他人。',
    });
    expect(mails[0]).toMatchObject({ subject: 'QQ邮箱验证码', text: '您的验证码是 720416，切勿告诉他人。' });

    const gbkSubject = Buffer.from('b5c7c2bcd1e9d6a4c2eb', 'hex'); // 登录验证码
    const gbkBody = Buffer.concat([Buffer.from('c4fab5c4d1e9d6a4c2ebcac7', 'hex'), Buffer.from(' 605183\r\n')]); // 您的验证码是
    expect(new TextDecoder('gbk').decode(gbkSubject)).toBe('登录验证码');
    const raw = [
      'From: =?GB2312?B?1qe4trGm?= <service@mail.alipay.com>',
      'To: tg-0002@mail.example.com',
      `Subject: =?GB2312?B?${gbkSubject.toString('base64')}?=`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset="GB2312"',
      'Content-Transfer-Encoding: base64',
      '',
      gbkBody.toString('base64'),
      '',
    ].join('\r\n');
    await transport().sendMail({ envelope: { from: 'service@mail.alipay.com', to: ['tg-0002@mail.example.com'] }, raw });
    expect(mails[1]).toMatchObject({ subject: '登录验证码', text: '您的验证码是 605183', sender: 'service@mail.alipay.com' });
    expect(extractCode(mailText(mails[1]))).toBe('605183');
  });

  it('answers 451 (try later) when the address check or the hand-over fails', async () => {
    failAccepts = true;
    expect(
      await transport()
        .sendMail({ from: 'a@b.test', to: 'tg-0001@mail.example.com', text: 'x' })
        .catch((e: unknown) => e),
    ).toMatchObject({ responseCode: 451 });
    failAccepts = false;
    failOnMail = true;
    expect(
      await transport()
        .sendMail({ from: 'a@b.test', to: 'tg-0001@mail.example.com', text: 'x' })
        .catch((e: unknown) => e),
    ).toMatchObject({ responseCode: 451 });
    expect(mails).toHaveLength(0);
  });

  it('offers neither AUTH nor STARTTLS without TLS, and takes mail without logging in', async () => {
    const lines = await smtpDialogue(port, ['EHLO client.test', 'MAIL FROM:<a@b.test>', 'RCPT TO:<nobody@mail.example.com>', 'QUIT']);
    const ehlo = lines.filter((l) => l.startsWith('250'));
    expect(ehlo.join('\n')).toMatch(/SIZE 2097152/);
    expect(ehlo.join('\n')).not.toMatch(/AUTH|STARTTLS/);
    expect(lines).toContainEqual(expect.stringMatching(/^250 Accepted/));
    expect(lines).toContainEqual(expect.stringMatching(/^550 5\.7\.1 <nobody@mail\.example\.com>: Relay access denied/));
  });
});

describe('SMTP receiver under load', () => {
  it('refuses connections over maxClients with 421 while the first ones go on', async () => {
    await receiver.close();
    await start({ maxClients: 3 });
    const first = await Promise.all([0, 1, 2].map(() => openSession(port)));
    const extra = await Promise.all([0, 1].map(() => openSession(port)));
    expect(first.map((c) => c.greeting)).toEqual(Array(3).fill(expect.stringMatching(/^220 /)));
    expect(extra.map((c) => c.greeting)).toEqual(Array(2).fill(expect.stringMatching(/^421 .*Too many connected clients/)));
    await Promise.all(extra.map((c) => c.closed));

    // The first ones still take mail.
    const c = first[0];
    expect(await c.send('EHLO client.test')).toMatch(/^250 /);
    expect(await c.send('MAIL FROM:<a@b.test>')).toMatch(/^250 /);
    expect(await c.send('RCPT TO:<tg-0001@mail.example.com>')).toMatch(/^250 /);
    expect(await c.send('DATA')).toMatch(/^354 /);
    expect(await c.send('Subject: code\r\n\r\nYour code: 5150\r\n.')).toMatch(/^250 /);
    expect(mails.map((m) => m.text)).toEqual(['Your code: 5150']);
    for (const s of first) s.end();
  });

  it('closes a connection that stays silent past the idle timeout with 421', async () => {
    await receiver.close();
    await start({ idleTimeoutMs: 200 });
    const c = await openSession(port);
    expect(c.greeting).toMatch(/^220 /);
    await c.closed;
    expect(c.lines.at(-1)).toMatch(/^421 .*Timeout/);
  });
});
