/**
 * scripts/gammu-runonreceive.sh run as gammu-smsd runs it (its environment variables, no arguments
 * of interest) against a local HTTP server; what arrives must pass our own webhook parser.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractCode } from '../../../server/codes/extract.js';
import { parseSmsForwarder } from '../../../server/intake/smsforwarder/request.js';

const SCRIPT = path.resolve('scripts/gammu-runonreceive.sh');
const SECRET = 'modem-pool-secret+/=';

interface Received {
  method: string;
  url: string;
  contentType: string;
  body: string;
}

let server: http.Server;
let url = '';
let received: Received[] = [];
let answer = 200;
let dir = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method!,
        url: req.url!,
        contentType: String(req.headers['content-type']),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(answer, { 'Content-Type': 'text/plain' }).end(answer === 200 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/ingest/sms/dev-key-1`;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gammu-'));
  fs.writeFileSync(path.join(dir, 'numbers'), '# PhoneID  number\nmodem3 +8613800138003\nmodem4   +8613800138004\n');
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

function writeConf(extra = ''): string {
  const conf = path.join(dir, 'webhook.conf');
  fs.writeFileSync(
    conf,
    `WEBHOOK_URL='${url}'\nWEBHOOK_SECRET='${SECRET}'\nNUMBERS_FILE='${path.join(dir, 'numbers')}'\nLOG_FILE='${path.join(dir, 'log')}'\nCURL_TIMEOUT=10\n${extra}`,
  );
  return conf;
}

/** A PATH holding only the given tools (to run the script with mawk, or without openssl). */
function toolDir(name: string, tools: Record<string, string>): string {
  const bin = path.join(dir, name);
  fs.mkdirSync(bin, { recursive: true });
  for (const [as, real] of Object.entries(tools)) {
    const link = path.join(bin, as);
    if (!fs.existsSync(link)) fs.symlinkSync(real, link);
  }
  return bin;
}

function which(tool: string): string {
  for (const d of (process.env.PATH ?? '').split(':')) {
    const p = path.join(d, tool);
    if (fs.existsSync(p)) return p;
  }
  throw new Error(`${tool} not found`);
}

function run(env: Record<string, string>, conf = writeConf(), extraEnv: Record<string, string> = {}) {
  received = [];
  return new Promise<{ code: number | null }>((resolve) => {
    execFile(
      'sh',
      [SCRIPT, '/var/spool/gammu/inbox/IN20240601_123005_00_+8610690000_00.txt'],
      {
        env: { PATH: process.env.PATH!, GAMMU_WEBHOOK_CONF: conf, ...env, ...extraEnv },
        timeout: 60_000,
      },
      (err) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0 }),
    );
  });
}

function parsedLast(before: number) {
  expect(received).toHaveLength(1);
  const req = received[0];
  expect(req.method).toBe('POST');
  expect(req.url).toBe('/api/ingest/sms/dev-key-1');
  const r = parseSmsForwarder({ contentType: req.contentType, body: req.body, secret: SECRET, now: Date.now() });
  if (!r.ok) throw new Error(`refused: ${r.reason}`);
  expect(r.message.sentAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
  return { message: r.message, json: JSON.parse(req.body) as Record<string, unknown> };
}

describe('gammu RunOnReceive script', () => {
  it('joins the parts of a long SMS, signs it, and maps PHONE_ID to the SIM number', async () => {
    const before = Date.now();
    const { code } = await run({
      SMS_MESSAGES: '2',
      DECODED_PARTS: '0',
      PHONE_ID: 'modem3',
      SMS_1_NUMBER: '+8610690000',
      SMS_1_TEXT: '【腾讯科技】您的验证码是 48',
      SMS_1_CLASS: '-1',
      SMS_2_NUMBER: '+8610690000',
      SMS_2_TEXT: '2913，5分钟内有效，请勿泄露。',
      SMS_2_CLASS: '-1',
    });
    expect(code).toBe(0);
    const { message, json } = parsedLast(before);
    expect(message).toMatchObject({
      sender: '+8610690000',
      recipient: '+8613800138003',
      text: '【腾讯科技】您的验证码是 482913，5分钟内有效，请勿泄露。',
      deviceMark: 'modem3',
    });
    expect(extractCode(message.text)).toBe('482913');
    expect(json.sign).not.toContain('%');
  });

  it.each([['gawk'], ['mawk']])(
    'keeps quotes, backslashes, tabs, new lines, shell syntax and Chinese of the decoded text intact (%s)',
    async (awk) => {
      const text = '第一行 "引号" \\反斜杠\\ \t制表符\n第二行：验证码 7788\r\nG-123456 <#> & ✓ $(id) `id` ${HOME} %s';
      const bin = toolDir(`with-${awk}`, { awk: which(awk) });
      const before = Date.now();
      const { code } = await run(
        { SMS_MESSAGES: '3', DECODED_PARTS: '1', DECODED_1_TEXT: text, SMS_1_TEXT: 'part one', SMS_1_NUMBER: 'Google', PHONE_ID: 'modem4' },
        writeConf(),
        { PATH: `${bin}:${process.env.PATH}` },
      );
      expect(code).toBe(0);
      const { message } = parsedLast(before);
      expect(message.text).toBe(text.trim());
      expect(message.recipient).toBe('+8613800138004');
    },
  );

  it('uses PHONE_ID itself when it is a number, MODEM_NUMBER when the file does not know it, else no number', async () => {
    await run({ SMS_MESSAGES: '1', SMS_1_NUMBER: '1069', SMS_1_TEXT: 'code 1234', PHONE_ID: '+8613900000009' });
    expect(JSON.parse(received[0].body).to).toBe('+8613900000009');
    await run(
      { SMS_MESSAGES: '1', SMS_1_NUMBER: '1069', SMS_1_TEXT: 'code 1234', PHONE_ID: 'usb0' },
      writeConf("MODEM_NUMBER='+8613700000007'\n"),
    );
    expect(JSON.parse(received[0].body).to).toBe('+8613700000007');
    await run({ SMS_MESSAGES: '1', SMS_1_NUMBER: '1069', SMS_1_TEXT: 'code 1234', PHONE_ID: 'usb0' });
    expect(JSON.parse(received[0].body)).not.toHaveProperty('to');
  });

  it('signs with python3 where openssl is missing', async () => {
    const tools: Record<string, string> = {};
    for (const t of ['sh', 'awk', 'curl', 'date', 'grep']) tools[t] = which(t);
    // The real interpreter (a pyenv shim needs its own tools on the PATH).
    tools.python3 = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
    const bin = toolDir('no-openssl', tools);
    const before = Date.now();
    const { code } = await run({ SMS_MESSAGES: '1', SMS_1_NUMBER: '1069', SMS_1_TEXT: '验证码 5520', PHONE_ID: 'modem3' }, writeConf(), {
      PATH: bin,
    });
    expect(code).toBe(0);
    expect(parsedLast(before).message.text).toBe('验证码 5520');
  });

  it('exits non-zero and logs (without the secret) when the console refuses, or when it is not configured', async () => {
    answer = 401;
    try {
      const { code } = await run({ SMS_MESSAGES: '1', SMS_1_NUMBER: '1069', SMS_1_TEXT: 'x', PHONE_ID: 'modem3' });
      expect(code).toBe(1);
    } finally {
      answer = 200;
    }
    const log = fs.readFileSync(path.join(dir, 'log'), 'utf8');
    expect(log).toContain('HTTP 401');
    expect(log).not.toContain(SECRET);
    const empty = path.join(dir, 'empty.conf');
    fs.writeFileSync(empty, '');
    expect((await run({ SMS_MESSAGES: '1', SMS_1_TEXT: 'x' }, empty)).code).toBe(2);
    expect(received).toHaveLength(0);
  });
});
