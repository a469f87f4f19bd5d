/**
 * Mail products: real SMTP sessions sent with nodemailer to the app's receiver (started as
 * server/main.ts starts it, on a free port). Every address of a served domain is taken at RCPT (what
 * is not in stock is dropped after DATA), other domains refused, big mails refused, a code mail
 * becomes readable through the link, sender rules need the sender's DKIM (checked against a local
 * DNS stand-in), and connections over the cap are refused.
 */
import crypto from 'node:crypto';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { addGoods, buyOk, credit, importLines } from '../../helpers/commerce.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { openSession, smtpDialogue } from '../../helpers/smtp-client.js';
import type { FastifyInstance } from 'fastify';

/** A DKIM key pair and its DNS TXT record (`v=DKIM1; k=rsa; p=…`). */
function dkimKey() {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    txt: `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`,
  };
}

const google = dkimKey();
const forger = dkimKey();
/** The DNS the receiver asks for DKIM keys: google.com's selector and the forger's own domain, nothing else. */
const dnsRecords: Record<string, string> = {
  'sel1._domainkey.google.com': google.txt,
  'fake._domainkey.evil.test': forger.txt,
};
let dnsQueries: string[] = [];
async function localDns(name: string, rrtype: string): Promise<string[][]> {
  dnsQueries.push(`${rrtype} ${name}`);
  if (name === 'down._domainkey.google.com') throw Object.assign(new Error(`queryTxt ESERVFAIL ${name}`), { code: 'ESERVFAIL' });
  const txt = rrtype === 'TXT' ? dnsRecords[name.toLowerCase()] : undefined;
  if (!txt) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return [[txt]];
}

describe.each(dbKinds)('SMTP receiver on %s', (kind) => {
  let s: TestServer;
  let mailApp: FastifyInstance;
  let sup: string;
  let link: { id: number; token: string; identifier: string };
  let transport: ReturnType<typeof nodemailer.createTransport>;

  beforeAll(async () => {
    s = await startServer(kind);
    mailApp = await buildApp({
      settings: { ...s.settings, smtpMaxBytes: 64 * 1024 },
      database: s.database,
      now: s.clock.now,
      logger: false,
      smtp: { port: 0, host: '127.0.0.1', dkimResolver: localDns },
    });
    await mailApp.ready();
    transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: mailApp.smtpPort!,
      secure: false,
      ignoreTLS: true,
      tls: { rejectUnauthorized: false },
    });
    sup = await s.login(SUP.username, SUP.password);
    const customer = await s.addCustomer(sup, 'mail_buyer');
    await credit(s, sup, customer.id, 10);
    const goods = await addGoods(s, sup, { title: 'Discord 邮箱', channel: 'mail', service: 'ds' });
    await importLines(s, sup, goods, ['Box-One@Mail.Example.com', 'box-two@mail.example.com']);
    link = (await buyOk(s, customer.token, goods)).tokens[0];
    s.clock.advance(1000);
  });
  afterAll(async () => {
    transport?.close();
    await mailApp?.close();
    await s?.close();
  });

  it("an HTML code mail to a mailbox in stock becomes the link's code", async () => {
    const info = await transport.sendMail({
      from: '"Discord" <noreply@discord.com>',
      to: link.identifier.toUpperCase(),
      subject: 'Verify your email',
      html: '<html><body><h1>Hi!</h1><p>Your verification code is</p><div style="font-size:32px"><b>739 204</b></div></body></html>',
    });
    expect(info.accepted).toHaveLength(1);
    const code = await s.get(`/api/code/${link.token}`);
    expect(code.data).toMatchObject({ code: '739204' });
    const inbox = await s.post('/api/message/data', { source: 'mail' }, sup);
    expect(inbox.data.list[0]).toMatchObject({
      source: 'mail',
      sender: 'noreply@discord.com',
      recipient: link.identifier.toLowerCase(),
      matched: true,
    });
  });

  it('every address of a served domain gets the same 250 at RCPT; only other domains get 550', async () => {
    const lines = await smtpDialogue(mailApp.smtpPort!, [
      'EHLO client.test',
      'MAIL FROM:<a@b.com>',
      'RCPT TO:<box-two@mail.example.com>',
      'RCPT TO:<stranger@mail.example.com>',
      'RCPT TO:<Someone@MAIL.example.com>',
      'RCPT TO:<box-two@not-ours.example.org>',
      'QUIT',
    ]);
    const rcpt = lines.slice(-5, -1);
    expect(rcpt.slice(0, 3)).toEqual(Array(3).fill('250 Accepted'));
    expect(rcpt[3]).toMatch(/^550 /);
  });

  it('mail for an address of a served domain that is not in stock is dropped after DATA, stored nowhere', async () => {
    const before = (await s.post('/api/message/data', {}, sup)).data.total;
    const lone = await transport.sendMail({ from: 'a@b.com', to: 'stranger@mail.example.com', subject: 'x', text: 'code 123456' });
    expect(lone.accepted).toEqual(['stranger@mail.example.com']);
    expect((await s.post('/api/message/data', {}, sup)).data.total).toBe(before);

    const mixed = await transport.sendMail({
      from: 'a@b.com',
      to: ['stranger@mail.example.com', 'box-two@mail.example.com'],
      subject: 'Code',
      text: 'Your code: 5521',
    });
    expect(mixed.accepted).toEqual(['stranger@mail.example.com', 'box-two@mail.example.com']);
    expect(mixed.rejected).toEqual([]);
    const after = await s.post('/api/message/data', {}, sup);
    expect(after.data.total).toBe(before + 1);
    expect(after.data.list[0]).toMatchObject({ recipient: 'box-two@mail.example.com', code: '5521', matched: false });
    expect(after.data.list.map((m: { recipient: string }) => m.recipient)).not.toContain('stranger@mail.example.com');
  });

  it("a sender rule is met only by mail that the sender's domain signed (DKIM)", async () => {
    const customer = await s.addCustomer(sup, 'gmail_buyer');
    await credit(s, sup, customer.id, 10);
    const goods = await addGoods(s, sup, { title: 'Google 邮箱', channel: 'mail', service: 'go', match_sender: 'google.com' });
    await importLines(s, sup, goods, ['g-box@inbox.example.net']);
    const [gLink] = (await buyOk(s, customer.token, goods)).tokens;
    s.clock.advance(1000);
    const send = (mail: SendMailOptions) => transport.sendMail({ to: gLink.identifier, subject: 'Google verification code', ...mail });
    const newest = async () => (await s.post('/api/message/data', { source: 'mail' }, sup)).data.list[0];

    // A forged From without a signature, with a signature google.com's key does not verify, and
    // signed by the forger's own domain that merely contains "google.com": none reaches the link.
    dnsQueries = [];
    await send({ from: 'Google <no-reply@accounts.google.com>', text: 'Your Google verification code is 111111' });
    // The inbox still shows who it claimed to be from: the sup sees the forgery.
    expect(await newest()).toMatchObject({
      recipient: 'g-box@inbox.example.net',
      sender: 'no-reply@accounts.google.com',
      code: '111111',
      matched: false,
    });
    await send({
      from: 'Google <no-reply@accounts.google.com>',
      text: 'Your Google verification code is 222222',
      dkim: { domainName: 'google.com', keySelector: 'sel1', privateKey: forger.privateKey },
    });
    expect(await newest()).toMatchObject({ code: '222222', matched: false });
    expect(dnsQueries).toContain('TXT sel1._domainkey.google.com');
    await send({
      from: 'Google <no-reply@google.com.evil.test>',
      text: 'Your Google verification code is 333333',
      dkim: { domainName: 'evil.test', keySelector: 'fake', privateKey: forger.privateKey },
    });
    expect(await newest()).toMatchObject({ code: '333333', matched: false });
    expect((await s.get(`/api/code/${gLink.token}`)).data).toMatchObject({ code: null });

    // google.com's key cannot be fetched (a DNS failure): 451, the sending server tries again later.
    const stored = (await s.post('/api/message/data', {}, sup)).data.total;
    await expect(
      send({
        from: 'Google <no-reply@accounts.google.com>',
        text: 'Your Google verification code is 444444',
        dkim: { domainName: 'google.com', keySelector: 'down', privateKey: google.privateKey },
      }),
    ).rejects.toMatchObject({ responseCode: 451 });
    expect((await s.post('/api/message/data', {}, sup)).data.total).toBe(stored);

    // Signed by google.com (a parent of the From domain): the link gets the code, and the sender shows.
    await send({
      from: 'Google <no-reply@accounts.google.com>',
      text: 'Your Google verification code is 482913',
      dkim: { domainName: 'google.com', keySelector: 'sel1', privateKey: google.privateKey },
    });
    expect(await newest()).toMatchObject({ code: '482913', matched: true, sender: 'no-reply@accounts.google.com' });
    expect((await s.get(`/api/code/${gLink.token}`)).data).toMatchObject({ code: '482913' });
  });

  it('connections over SMTP_MAX_CLIENTS are refused with 421 while the first ones still work', async () => {
    const capped = await buildApp({
      settings: { ...s.settings, smtpMaxClients: 2 },
      database: s.database,
      now: s.clock.now,
      logger: false,
      smtp: { port: 0, host: '127.0.0.1' },
    });
    await capped.ready();
    try {
      const port = capped.smtpPort!;
      const first = await Promise.all([openSession(port), openSession(port)]);
      const extra = await openSession(port);
      expect(first.map((c) => c.greeting)).toEqual([expect.stringMatching(/^220 /), expect.stringMatching(/^220 /)]);
      expect(extra.greeting).toMatch(/^421 /);
      extra.end();
      expect(await first[0].send('EHLO client.test')).toMatch(/^250 /);
      for (const c of first) c.end();
    } finally {
      await capped.close();
    }
  });

  it('a mail over the size limit is refused', async () => {
    await expect(
      transport.sendMail({ from: 'a@b.com', to: 'box-two@mail.example.com', subject: 'big', text: 'x'.repeat(100 * 1024) }),
    ).rejects.toMatchObject({ responseCode: 552 });
  });

  it('a second process on the same SMTP port starts without mail instead of failing', async () => {
    const second = await buildApp({
      settings: s.settings,
      database: s.database,
      now: s.clock.now,
      logger: false,
      smtp: { port: mailApp.smtpPort!, host: '127.0.0.1' },
    });
    await second.ready();
    expect(second.smtpPort).toBeNull();
    await second.close();
  });

  it('the same mail delivered twice is stored once', async () => {
    const mail = { from: 'a@b.com', to: 'box-two@mail.example.com', subject: 'Code', text: 'Your code: 8080', messageId: '<same-1@b.com>' };
    const before = (await s.post('/api/message/data', {}, sup)).data.total;
    await transport.sendMail(mail);
    await transport.sendMail(mail);
    expect((await s.post('/api/message/data', {}, sup)).data.total).toBe(before + 1);
  });
});
