import { type FormInstance } from 'antd';
import { useState } from 'react';
import { markFieldErrors } from './field-rules';
import { message } from '../framework/notices';

/**
 * Sends a form's values with `send`, toasts `success`, and on a refusal marks the fields the server
 * named (the http client has already toasted its message). `saving` drives the submit button.
 */
export function useFormSubmit<T>(form: FormInstance<T>, send: (values: T) => Promise<unknown>, success: string) {
  const [saving, setSaving] = useState(false);
  const submit = async (values: T) => {
    setSaving(true);
    try {
      await send(values);
      message.success(success);
    } catch (error) {
      markFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };
  return { saving, submit };
}
