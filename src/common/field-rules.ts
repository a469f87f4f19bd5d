import type { FormInstance, Rule } from 'antd/es/form';

/** Rules from a declared field come from the framework, worded as the server words them. */
export { rulesFor } from '../framework/form/rules';

/** A confirm-password rule: must equal the field `name`. */
export function sameAs(name: string, message = '两次输入的密码不一致'): Rule {
  return ({ getFieldValue }) => ({
    validator: (_, value) => (!value || getFieldValue(name) === value ? Promise.resolve() : Promise.reject(new Error(message))),
  });
}

/** Marks the fields a refused call named (`data.errors`); returns whether any was marked. */
export function markFieldErrors<T>(form: FormInstance<T>, error: unknown): boolean {
  const errors = (error as { errors?: Record<string, string> } | null)?.errors;
  if (!errors || typeof errors !== 'object') return false;
  const fields = Object.entries(errors).map(([name, text]) => ({ name, errors: [String(text)] }));
  form.setFields(fields as Parameters<FormInstance<T>['setFields']>[0]);
  return fields.length > 0;
}
