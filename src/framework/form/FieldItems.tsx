import { Form } from 'antd';
import type { FieldDef, ResourceDef } from '../declaration';
import { FieldInput } from './FieldInput';
import { rulesFor } from './rules';

/** Writable fields of a form: never readonly ones; create-only ones shown but locked on edit. */
export function formFields(def: Pick<ResourceDef, 'fields'>): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, f]) => !f.readonly);
}

/** Defaults of a new record, from the declaration. */
export function initialValues(def: Pick<ResourceDef, 'fields'>): Record<string, unknown> {
  return Object.fromEntries(
    formFields(def)
      .filter(([, f]) => f.default !== undefined)
      .map(([n, f]) => [n, f.default]),
  );
}

/**
 * A form's items for declared fields: the label, the rules the server applies, the help text (not a
 * password's while it is being chosen), and the input of the field's type (locked on edit when the
 * field is create-only, or when it is named in `locked`: shown, not checked, not to be sent).
 */
export function FieldItems({
  fields,
  action,
  locked = [],
}: {
  fields: [string, FieldDef][];
  action: 'create' | 'edit';
  locked?: readonly string[];
}) {
  return fields.map(([name, f]) => {
    const fixed = (action === 'edit' && f.createOnly) || locked.includes(name);
    return (
      <Form.Item
        key={name}
        name={name}
        label={f.label}
        rules={fixed ? [] : rulesFor(f, action)}
        extra={action === 'edit' && f.writeOnly ? f.help : f.type === 'password' ? undefined : f.help}
      >
        <FieldInput field={f} disabled={Boolean(fixed)} />
      </Form.Item>
    );
  });
}
