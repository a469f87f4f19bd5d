import type { FieldDef } from '../../../src/framework/declaration/index.js';
import { toCents } from '../lib/money.js';
import { parseTime } from '../lib/time.js';
import { AppError, Code, fail } from './envelope.js';

export type Mode = 'add' | 'edit';
export type Row = Record<string, string | number | null>;

/** A body must be a JSON object; anything else is refused before any field is looked at. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw fail.badInput('请求体必须是 JSON 对象');
  if (holdsNul(body)) throw fail.badInput('请求内容包含无效字符');
  return body as Record<string, unknown>;
}

/** PostgreSQL cannot store U+0000 in text (and no form sends it): found anywhere in the body, without recursion. */
function holdsNul(body: object): boolean {
  const pending: unknown[] = [body];
  while (pending.length) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) pending.push(k, v);
    }
  }
  return false;
}

export function rejectUnknown(body: Record<string, unknown>, known: Iterable<string>): void {
  const allowed = new Set(known);
  const unknown = Object.keys(body).filter((k) => !allowed.has(k));
  if (unknown.length) throw fail.badInput(`未知字段: ${unknown.join(', ')}`);
}

const empty = (v: unknown) => v === undefined || v === null || v === '';
/** Text is stored trimmed, so text of spaces only counts as not given. */
const blank = (field: FieldDef, v: unknown) => (field.type === 'text' || field.type === 'textarea') && typeof v === 'string' && !v.trim();

/**
 * Checks a write against the declared fields and returns the column values to store.
 * Readonly fields may not be sent; a write-only field left empty on edit keeps its value. A field
 * that may not be set in this write (createOnly on edit, editOnly on add: 400; a `write` rule the
 * caller does not pass, `mayWrite`: 403) is refused by name when a value is sent, and left alone when
 * none is. Every problem is collected, so a form can mark all its fields at once.
 */
export function validateFields(
  fields: Record<string, FieldDef>,
  input: unknown,
  mode: Mode,
  opts: { tz: string; extra?: string[]; mayWrite?: (field: FieldDef) => boolean } = { tz: 'UTC' },
): Row {
  const body = objectBody(input);
  const declared = Object.entries(fields).filter(([, f]) => !f.readonly);
  rejectUnknown(body, [...declared.map(([k]) => k), ...(opts.extra ?? [])]);
  const out: Row = {};
  const errors: Record<string, string> = {};
  const forbidden: Record<string, string> = {};
  for (const [name, field] of declared) {
    const present = Object.prototype.hasOwnProperty.call(body, name);
    const value = body[name];
    const given = !empty(value) && !blank(field, value);
    const refusal = refusalOf(field, mode, opts.mayWrite);
    if (refusal) {
      if (given) (refusal.code === Code.forbidden ? forbidden : errors)[name] = refusal.message;
      else if (mode === 'add' && field.default !== undefined) out[name] = coerceDefault(field);
      continue;
    }
    if (!given) {
      if (mode === 'edit' && (!present || field.writeOnly)) continue;
      if (mode === 'add' && field.default !== undefined) out[name] = coerceDefault(field);
      // A field with a default always holds a value: it may be left out, not emptied.
      else if (field.required || field.default !== undefined) errors[name] = `请输入${field.label}`;
      else out[name] = null;
      continue;
    }
    const result = checkValue(field, value, opts.tz);
    if (typeof result === 'object' && result && 'error' in result) errors[name] = result.error;
    else out[name] = result as string | number;
  }
  const refused = Object.keys(forbidden);
  if (refused.length) throw new AppError(Code.forbidden, forbidden[refused[0]], { errors: forbidden });
  const names = Object.keys(errors);
  if (names.length) throw fail.badInput(errors[names[0]], errors);
  return out;
}

/** Why a field may not be set in this write, if it may not: its moment (add or edit), or the caller. */
function refusalOf(field: FieldDef, mode: Mode, mayWrite?: (field: FieldDef) => boolean): { code: number; message: string } | null {
  if (mode === 'edit' && field.createOnly) return { code: Code.badInput, message: `${field.label}创建后不能修改` };
  if (mode === 'add' && field.editOnly) return { code: Code.badInput, message: `${field.label}创建时不能填写` };
  if (field.write && mayWrite && !mayWrite(field)) return { code: Code.forbidden, message: `没有权限设置${field.label}` };
  return null;
}

function coerceDefault(field: FieldDef): string | number {
  if (field.type === 'bool') return field.default ? 1 : 0;
  if (field.type === 'money' || field.type === 'decimal') return toCents(field.default) ?? 0;
  return field.default as string | number;
}

/** One value against one field: the stored value, or an error message that names the field. */
export function checkValue(field: FieldDef, value: unknown, tz: string): string | number | { error: string } {
  const { label } = field;
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'password':
    case 'html': {
      if (typeof value !== 'string') return { error: `${label}必须是文本` };
      const text = field.type === 'password' || field.type === 'html' ? value : value.trim();
      // A password being chosen (one with a minimum length; not a login's) may not be blanks only.
      if (field.type === 'password' && field.min !== undefined && !text.trim()) return { error: `${label}不能全为空白字符` };
      const length = characters(text);
      if (field.min !== undefined && length < field.min) {
        return {
          error: field.max !== undefined ? `${label}长度应为 ${field.min}-${field.max} 个字符` : `${label}至少 ${field.min} 个字符`,
        };
      }
      if (field.max !== undefined && length > field.max) return { error: `${label}最多 ${field.max} 个字符` };
      if (field.pattern && !new RegExp(field.pattern).test(text)) return { error: field.patternMessage ?? `${label}格式不正确` };
      return text;
    }
    case 'int':
    case 'ref': {
      const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) return { error: `${label}必须是整数` };
      if (field.type === 'ref' && n < 1) return { error: `${label}无效` };
      return range(field, n) ?? n;
    }
    case 'money': {
      const cents = toCents(value);
      if (cents === null) return { error: `${label}必须是金额，最多两位小数` };
      return range(field, cents / 100) ?? cents;
    }
    case 'decimal': {
      const hundredths = toCents(value);
      if (hundredths === null) return { error: `${label}必须是数字，最多两位小数` };
      return range(field, hundredths / 100) ?? hundredths;
    }
    case 'bool':
      if (value === true || value === 1) return 1;
      if (value === false || value === 0) return 0;
      return { error: `${label}必须是布尔值` };
    case 'enum':
      if (typeof value !== 'string' || !field.options || !Object.hasOwn(field.options, value)) return { error: `${label}的取值无效` };
      return value;
    // Worked out by the server, never taken from a request.
    case 'changes':
      return { error: `${label}不能修改` };
    case 'datetime': {
      const ms = parseTime(value, tz);
      return ms === null ? { error: `${label}必须是 YYYY-MM-DD HH:mm:ss 格式的时间` } : ms;
    }
  }
}

/** Length in characters (code points), as people, the console's form rules and PostgreSQL count it: an emoji is one. */
function characters(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

function range(field: FieldDef, shown: number): { error: string } | null {
  if (field.min !== undefined && shown < field.min) return { error: `${field.label}不能小于 ${field.min}` };
  if (field.max !== undefined && shown > field.max) return { error: `${field.label}不能大于 ${field.max}` };
  return null;
}
