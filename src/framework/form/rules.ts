import type { Rule } from 'antd/es/form';
import type { FieldDef } from '../types';

/** antd form rules from a declared field: the same limits the server checks, in the same words. */
export function rulesFor(field: FieldDef, action: 'create' | 'edit'): Rule[] {
  const rules: Rule[] = [];
  const { label } = field;
  const required = field.required && !(action === 'edit' && field.writeOnly);
  if (required) {
    // `whitespace` makes the validator treat the value as a string: only text types may have it, or a
    // filled-in number, switch or reference fails as "missing".
    const text = ['text', 'textarea', 'html'].includes(field.type);
    rules.push({ required: true, message: `请输入${label}`, ...(text ? { whitespace: true } : {}) });
  }
  if (['text', 'textarea', 'password', 'html'].includes(field.type)) {
    if (field.min !== undefined && field.max !== undefined) {
      rules.push({ min: field.min, max: field.max, message: `${label}长度应为 ${field.min}-${field.max} 个字符` });
    } else if (field.max !== undefined) {
      rules.push({ max: field.max, message: `${label}最多 ${field.max} 个字符` });
    } else if (field.min !== undefined) {
      rules.push({ min: field.min, message: `${label}至少 ${field.min} 个字符` });
    }
    if (field.pattern) rules.push({ pattern: new RegExp(field.pattern), message: field.patternMessage ?? `${label}格式不正确` });
  }
  if (field.type === 'int' || field.type === 'money' || field.type === 'decimal') {
    if (field.min !== undefined) rules.push({ type: 'number', min: field.min, message: `${label}不能小于 ${field.min}` });
    if (field.max !== undefined) rules.push({ type: 'number', max: field.max, message: `${label}不能大于 ${field.max}` });
  }
  return rules;
}
