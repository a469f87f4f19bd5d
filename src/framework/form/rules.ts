import type { Rule } from 'antd/es/form';
import type { FieldDef } from '../declaration';

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
  if (field.type === 'password') {
    rules.push(passwordRule(field));
  } else if (['text', 'textarea', 'html'].includes(field.type)) {
    const message = lengthMessage(field);
    if (message) rules.push({ min: field.min, max: field.max, message });
  }
  if (['text', 'textarea', 'password', 'html'].includes(field.type) && field.pattern) {
    rules.push({ pattern: new RegExp(field.pattern), message: field.patternMessage ?? `${label}格式不正确` });
  }
  if (field.type === 'int' || field.type === 'money' || field.type === 'decimal') {
    if (field.min !== undefined) rules.push({ type: 'number', min: field.min, message: `${label}不能小于 ${field.min}` });
    if (field.max !== undefined) rules.push({ type: 'number', max: field.max, message: `${label}不能大于 ${field.max}` });
  }
  return rules;
}

function lengthMessage({ label, min, max }: FieldDef): string | null {
  if (min !== undefined && max !== undefined) return `${label}长度应为 ${min}-${max} 个字符`;
  if (max !== undefined) return `${label}最多 ${max} 个字符`;
  if (min !== undefined) return `${label}至少 ${min} 个字符`;
  return null;
}

/**
 * A password, checked as the server checks it: never only blanks when it is being chosen (it has a
 * minimum), and its length in characters (an emoji is one, not two UTF-16 units).
 */
function passwordRule(field: FieldDef): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value === '') return; // missing is the required rule's to say
      if (field.min !== undefined && !value.trim()) throw new Error(`${field.label}不能全为空白字符`);
      const length = [...value].length;
      if ((field.min !== undefined && length < field.min) || (field.max !== undefined && length > field.max)) {
        throw new Error(lengthMessage(field) ?? '');
      }
    },
  };
}
