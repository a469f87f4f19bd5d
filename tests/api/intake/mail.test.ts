/**
 * Mail products: real SMTP sessions sent with nodemailer to the app's receiver (started as
 * server/main.ts starts it, on a free port). Mailboxes in stock are taken, other recipients refused
 * at RCPT, big mails refused, and a code mail becomes readable through the link.
 */
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { addGoods, buyOk, credit, importLines } from '../../helpers/commerce.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import type { FastifyInstance } from 'fastify';

describe.each(dbKinds)('SMTP receiver on %s', (kind) => {
  let s: TestServer;
  let mailApp: FastifyInstance;
  let sup: string;
  let link: { id: number; token: string; identifier: string };
  let transport: ReturnType<typeof nodemailer.createTransport>;

  beforeAll(async () => {
    s = await startServer(kind);
    mailApp = await buildApp({ settings: { ...s.settings, smtpMaxBytes: 64 * 1024 }, database: s.database, now: s.clock.now, logger: false, smtp: { port: 0, host: '127.0.0.1' } });
    await mailApp.ready();
    transport = nodemailer.createTransport({ host: '127.0.0.1', port: mailApp.smtpPort!, secure: false, ignoreTLS: true, tls: { rejectUnauthorized: false } });
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

  it('an HTML code mail to a mailbox in stock becomes the link\'s code', async () => {
    const info = await transport.sendMail({
      from: '"Discord" <noreply@discord.com>', to: link.identifier.toUpperCase(), subject: 'Verify your email',
      html: '<html><body><h1>Hi!</h1><p>Your verification code is</p><div style="font-size:32px"><b>739 204</b></div></body></html>',
    });
    expect(info.accepted).toHaveLength(1);
    const code = await s.get(`/api/code/${link.token}`);
    expect(code.data).toMatchObject({ code: '739204' });
    const inbox = await s.post('/api/message/data', { source: 'mail' }, sup);
    expect(inbox.data.list[0]).toMatchObject({ source: 'mail', sender: 'noreply@discord.com', recipient: link.identifier.toLowerCase(), matched: true });
  });

  it('a recipient that is not a mailbox in stock is refused at RCPT, and nothing is stored', async () => {
    const before = (await s.post('/api/message/data', {}, sup)).data.total;
    await expect(transport.sendMail({ from: 'a@b.com', to: 'stranger@mail.example.com', subject: 'x', text: 'code 123456' }))
      .rejects.toMatchObject({ responseCode: 550 });
    const mixed = await transport.sendMail({ from: 'a@b.com', to: ['stranger@mail.example.com', 'box-two@mail.example.com'], subject: 'Code', text: 'Your code: 5521' });
    expect(mixed.accepted).toEqual(['box-two@mail.example.com']);
    expect(mixed.rejected).toEqual(['stranger@mail.example.com']);
    const after = await s.post('/api/message/data', {}, sup);
    expect(after.data.total).toBe(before + 1);
    expect(after.data.list[0]).toMatchObject({ recipient: 'box-two@mail.example.com', code: '5521', matched: false });
  });

  it('a mail over the size limit is refused', async () => {
    await expect(transport.sendMail({ from: 'a@b.com', to: 'box-two@mail.example.com', subject: 'big', text: 'x'.repeat(100 * 1024) }))
      .rejects.toMatchObject({ responseCode: 552 });
  });

  it('a second process on the same SMTP port starts without mail instead of failing', async () => {
    const second = await buildApp({ settings: s.settings, database: s.database, now: s.clock.now, logger: false, smtp: { port: mailApp.smtpPort!, host: '127.0.0.1' } });
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
