/**
 * Secrets the server must use in the clear but a copied database alone must not give away, kept
 * encrypted (AES-256-GCM): an HMAC key needed plain on every request (so a hash will not do), another
 * service's API key sent with every call. The key is the `secretKey` setting (any long random string),
 * else 32 random bytes in a key file under dataDir, made on first use. Processes on other machines
 * must share the setting (or the file).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The key file's name (kept from the first installs, where only device secrets were sealed). */
export const KEY_FILE = 'device-secret.key';

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** What `seal` makes: v1, a 12-byte IV, a 16-byte tag, the data, all Base64 (told from a plain key stored before). */
const SEALED = /^v1:[A-Za-z0-9+/]{16}:[A-Za-z0-9+/]{22}==:[A-Za-z0-9+/]*={0,2}$/;

export function isSealed(value: string): boolean {
  return SEALED.test(value);
}

const boxes = new Map<string, SecretBox>();
/** Where the key comes from: a secret given in the settings, else a key file made once in dataDir. */
export interface KeySource {
  secretKey?: string;
  dataDir: string;
}

/** The box of a settings object, found without resolving its key again (every webhook asks). */
const bySettings = new WeakMap<object, SecretBox>();

export function secretBox(settings: KeySource): SecretBox {
  let box = bySettings.get(settings);
  if (box) return box;
  const id = settings.secretKey ? `env:${settings.secretKey}` : `file:${path.resolve(settings.dataDir || '.')}`;
  box = boxes.get(id);
  if (!box) boxes.set(id, (box = makeBox(keyOf(settings))));
  bySettings.set(settings, box);
  return box;
}

function keyOf(settings: KeySource): Buffer {
  if (settings.secretKey) return crypto.createHash('sha256').update(settings.secretKey).digest();
  const file = path.join(settings.dataDir || '.', KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      // 'wx': another process making it at the same moment wins, and we read its key.
      fs.writeFileSync(file, crypto.randomBytes(32).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} 不是有效的设备密钥文件（应为 32 字节的 Base64）`);
  return key;
}

/** Opened secrets kept per box: a device's secret is opened for every SMS it sends. */
const OPENED_MAX = 10_000;

function makeBox(key: Buffer): SecretBox {
  // A sealed value has its own random IV, so under one key it always opens to the same secret.
  const opened = new Map<string, string>();
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
    },
    open(sealed) {
      let plain = opened.get(sealed);
      if (plain === undefined) {
        plain = openWith(key, sealed);
        if (opened.size >= OPENED_MAX) opened.clear();
        opened.set(sealed, plain);
      }
      return plain;
    },
  };
}

function openWith(key: Buffer, sealed: string): string {
  const [v, iv, tag, data] = sealed.split(':');
  if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown sealed secret format');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
