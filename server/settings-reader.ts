import fs from 'node:fs';
import { isIP } from 'node:net';

/** One setting as it is in effect, for `npm run admin -- check-config`: secrets already masked. */
export interface SettingShown {
  name: string;
  value: string;
  from: 'default' | 'env' | 'file';
}

/** Settings that were set to something they cannot be, each said as `NAME=value（what it accepts）`. */
export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`环境变量有误：${problems.join('；')}。请改正后再启动（npm run admin -- check-config 列出全部设置）`);
  }
}

interface IntRule {
  min: number;
  max: number;
  /** 0 is accepted and means "off" (or "at once", "all"). */ zero?: boolean;
}

const PINO_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Reads settings strictly: a value that is set is either one the setting takes or a problem, never
 * quietly replaced by the default. Every problem is collected, so one start names them all.
 */
export class SettingsReader {
  readonly problems: string[] = [];
  readonly shown: SettingShown[] = [];

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  /** The raw text, trimmed; undefined when unset or empty. */
  private raw(name: string): string | undefined {
    const v = this.env[name]?.trim();
    return v ? v : undefined;
  }

  private show(name: string, value: string, from: SettingShown['from']): void {
    this.shown.push({ name, value, from });
  }

  private bad(name: string, value: string, accepts: string): undefined {
    const said = value.length > 60 ? `${value.slice(0, 60)}…` : value;
    this.problems.push(`${name}=${said}（${accepts}）`);
    return undefined;
  }

  text(name: string, fallback: string): string;
  text(name: string, fallback?: undefined): string | undefined;
  text(name: string, fallback?: string): string | undefined {
    const v = this.raw(name);
    this.show(name, v ?? fallback ?? '（未设置）', v === undefined ? 'default' : 'env');
    return v ?? fallback;
  }

  int(name: string, fallback: number, rule: IntRule): number {
    const v = this.raw(name);
    if (v === undefined) {
      this.show(name, String(fallback), 'default');
      return fallback;
    }
    const n = /^\d+$/.test(v) ? Number(v) : NaN;
    const ok = Number.isSafeInteger(n) && ((n >= rule.min && n <= rule.max) || (rule.zero === true && n === 0));
    if (!ok) {
      this.bad(name, v, `应为 ${rule.min} 到 ${rule.max} 之间的整数${rule.zero ? '，或 0（关闭）' : ''}`);
      return fallback;
    }
    this.show(name, String(n), 'env');
    return n;
  }

  bool(name: string): boolean {
    const v = this.raw(name)?.toLowerCase();
    if (v === undefined) {
      this.show(name, '0', 'default');
      return false;
    }
    const on = v === '1' || v === 'true';
    if (!on && v !== '0' && v !== 'false') {
      this.bad(name, v, '应为 1、true、0 或 false');
      return false;
    }
    this.show(name, on ? '1' : '0', 'env');
    return on;
  }

  oneOf(name: string, fallback: string, allowed: string[]): string {
    const v = this.raw(name);
    if (v !== undefined && !allowed.includes(v)) this.bad(name, v, `应为 ${allowed.join('、')} 之一`);
    const value = v !== undefined && allowed.includes(v) ? v : fallback;
    this.show(name, value, v === undefined ? 'default' : 'env');
    return value;
  }

  logLevel(name: string, fallback: string): string {
    return this.oneOf(name, fallback, PINO_LEVELS);
  }

  timeZone(name: string, fallback: string): string {
    const v = this.raw(name);
    if (v === undefined) return this.text(name, fallback);
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: v });
    } catch {
      this.bad(name, v, '应为 IANA 时区名，如 Asia/Shanghai、UTC');
      return fallback;
    }
    return this.text(name, fallback);
  }

  /** An http(s) address without query or fragment; trailing slashes dropped. */
  httpUrl(name: string, fallback: string): string;
  httpUrl(name: string, fallback?: undefined): string | undefined;
  httpUrl(name: string, fallback?: string): string | undefined {
    const v = this.raw(name);
    if (v === undefined) {
      this.show(name, fallback ?? '（未设置）', 'default');
      return fallback;
    }
    let u: URL | undefined;
    try {
      u = new URL(v);
    } catch {
      /* said below */
    }
    if (!u || !/^https?:$/.test(u.protocol) || !u.hostname || u.search || u.hash || u.username || u.password) {
      this.bad(name, v, '应为以 http:// 或 https:// 开头的完整地址，如 https://codes.example.com，不带 ? 或 #');
      this.show(name, fallback ?? '（未设置）', 'default');
      return fallback;
    }
    const value = v.replace(/\/+$/, '');
    this.show(name, value, 'env');
    return value;
  }

  /** '1'/'true': one proxy; a count; or the proxies' addresses and subnets; unset, '0', 'false': none. */
  proxies(name: string): number | string {
    const v = this.raw(name);
    const value = v === undefined ? 0 : parseProxies(v);
    if (value === undefined) {
      this.bad(name, v!, '应为代理的层数（0、1、2…，true 即 1），或代理的 IP 地址、网段，用逗号分隔，如 10.0.0.5,10.1.0.0/16');
      this.show(name, '0', 'default');
      return 0;
    }
    this.show(name, String(value), v === undefined ? 'default' : 'env');
    return value;
  }

  /** Positive numbers, comma-separated. */
  numberList(name: string, fallback: number[]): number[] {
    const v = this.raw(name);
    if (v === undefined) {
      this.show(name, fallback.join(','), 'default');
      return fallback;
    }
    const list = v
      .split(',')
      .map((x) => x.trim())
      .map((x) => (/^\d+(\.\d+)?$/.test(x) ? Number(x) : NaN));
    if (!list.every((n) => Number.isFinite(n) && n > 0)) {
      this.bad(name, v, '应为逗号分隔的正数（秒），如 10,30,60');
      this.show(name, fallback.join(','), 'default');
      return fallback;
    }
    this.show(name, list.join(','), 'env');
    return list;
  }

  /**
   * A secret: from NAME, or from the file NAME_FILE names (Docker's and systemd's credentials), its
   * content without the final newline. Both set is a problem: which one is meant cannot be guessed.
   * Shown masked by `mask` (default: only whether it is set).
   */
  secret(name: string, mask: (value: string) => string = () => '******'): string | undefined {
    const direct = this.env[name]?.trim() ? this.env[name] : undefined;
    const file = this.raw(`${name}_FILE`);
    if (direct !== undefined && file !== undefined) {
      this.problems.push(`${name} 与 ${name}_FILE 同时设置（只能用其一）`);
      this.show(name, '（冲突）', 'env');
      return undefined;
    }
    if (file !== undefined) {
      let content: string;
      try {
        content = fs.readFileSync(file, 'utf8').replace(/\r?\n$/, '');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        const why = code === 'ENOENT' ? '文件不存在' : code === 'EACCES' ? '没有读取权限' : code === 'EISDIR' ? '这是一个目录' : '无法读取';
        this.problems.push(`${name}_FILE=${file}（${why}：应为一个可读的文件，内容即 ${name} 的值）`);
        this.show(name, '（无法读取）', 'file');
        return undefined;
      }
      if (!content.trim()) {
        this.problems.push(`${name}_FILE=${file}（文件是空的：应为 ${name} 的值）`);
        this.show(name, '（空文件）', 'file');
        return undefined;
      }
      this.show(name, `${mask(content.trim())}（来自 ${file}）`, 'file');
      return content.trim();
    }
    const value = direct?.trim();
    this.show(name, value ? mask(value) : '（未设置）', value ? 'env' : 'default');
    return value || undefined;
  }

  /** DATABASE_URL: PostgreSQL's address or nothing (SQLite); never echoed, it holds a password. */
  databaseUrl(name: string): string | undefined {
    const value = this.secret(name, maskUrlPassword);
    if (value === undefined) return undefined;
    let ok = /^postgres(ql)?:\/\/./i.test(value);
    try {
      new URL(value);
    } catch {
      ok = false;
    }
    if (!ok) {
      this.problems.push(`${name}（应为 PostgreSQL 的地址，以 postgres:// 或 postgresql:// 开头；留空则使用 DATA_DIR 下的 SQLite）`);
      return undefined;
    }
    return value;
  }
}

/** An address with its password replaced by stars (and unparseable text by nothing of itself). */
export function maskUrlPassword(value: string): string {
  try {
    const u = new URL(value);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '（不是有效的地址）';
  }
}

function parseProxies(v: string): number | string | undefined {
  const lower = v.toLowerCase();
  if (lower === 'false') return 0;
  if (lower === 'true') return 1;
  if (/^\d+$/.test(v)) return Number(v) <= 100 ? Number(v) : undefined;
  const parts = v.split(',').map((p) => p.trim());
  return parts.every(isProxyAddress) ? v : undefined;
}

/** What Fastify's trustProxy (proxy-addr) takes in a list: an address, a subnet, or one of its names. */
function isProxyAddress(part: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(part)) return true;
  const [address, prefix, ...more] = part.split('/');
  const family = isIP(address);
  if (!family || more.length) return false;
  if (prefix === undefined) return true;
  if (/^\d+$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(prefix) === 4;
}
