/**
 * Stock lines as the sup pastes or uploads them: `identifier` or `identifier----extra`, one per line.
 * A phone is digits with an optional leading +; a mailbox an address. Blank lines are skipped; every
 * other line is checked, and all the bad ones are reported together, by line number, with the line
 * as it was written (cut when long).
 */
export const MAX_LINES = 50_000;
const SEPARATOR = '----';
const PHONE = /^\+?\d{5,20}$/;
const MAILBOX = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

export interface StockLine {
  line: number;
  identifier: string;
  key: string;
  extra: string | null;
}
export interface LineError {
  line: number;
  /** The line as written (trimmed, cut after 80 characters), so the sup can find it. */
  text: string;
  message: string;
}

/** The form an identifier is matched in: a phone's digits (no +), a mailbox in lower case. */
export function identKey(identifier: string): string {
  const text = identifier.trim();
  return text.includes('@') ? text.toLowerCase() : text.replace(/[^\d]/g, '');
}

export function parseStock(text: string, channel: string): { items: StockLine[]; errors: LineError[] } {
  const items: StockLine[] = [];
  const errors: LineError[] = [];
  const firstSeen = new Map<string, number>();
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, i) => {
    const line = i + 1;
    const content = raw.replace(/^\uFEFF/, '').trim();
    if (!content) return;
    const cut = content.indexOf(SEPARATOR);
    const identifier = (cut < 0 ? content : content.slice(0, cut)).trim();
    const extra = cut < 0 ? null : content.slice(cut + SEPARATOR.length).trim() || null;
    const text = clip(content, 80);
    const problem = check(identifier, extra, channel);
    if (problem) {
      errors.push({ line, text, message: problem });
      return;
    }
    const key = identKey(identifier);
    const earlier = firstSeen.get(key);
    if (earlier !== undefined) {
      errors.push({ line, text, message: `与第 ${earlier} 行重复` });
      return;
    }
    firstSeen.set(key, line);
    items.push({ line, identifier, key, extra });
  });
  return { items, errors };
}

function check(identifier: string, extra: string | null, channel: string): string | null {
  if (!identifier) return '缺少号码或邮箱';
  if (channel === 'mail') {
    if (identifier.length > 128 || !MAILBOX.test(identifier)) return `邮箱格式不正确: ${clip(identifier)}`;
  } else if (!PHONE.test(identifier)) {
    return `号码格式不正确（应为 5-20 位数字，可带开头的 +）: ${clip(identifier)}`;
  }
  if (extra !== null && extra.length > 1000) return '附加信息最多 1000 个字符';
  return null;
}

const clip = (text: string, max = 40) => (text.length > max ? `${text.slice(0, max)}…` : text);
