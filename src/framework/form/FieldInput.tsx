import { Suspense } from 'react';
import { Input, InputNumber, Select, Skeleton, Switch } from 'antd';
import type { FieldDef } from '../declaration';
import { RefSelect } from '../fields/RefSelect';
import { DateTimeInput } from './DateTimeInput';
import { registry } from '../registry';

/**
 * The input for a declared field: the one registered under its `input` name, else its type's; heavy
 * ones (rich text) come from the registry, lazily.
 */
export function FieldInput({
  field,
  disabled,
  ...control
}: {
  field: FieldDef;
  disabled?: boolean;
  id?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Form.Item's value, handed on to whichever antd input the field's type picks, each with a value type of its own
  value?: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Form.Item's value, handed on to whichever antd input the field's type picks, each with a value type of its own
  onChange?(v: any): void;
}) {
  const Registered = registry.getInput(field.input ?? field.type);
  if (Registered) {
    return (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
        <Registered field={field} {...control} />
      </Suspense>
    );
  }
  switch (field.type) {
    case 'textarea':
    case 'html':
      return <Input.TextArea rows={6} disabled={disabled} maxLength={field.max} showCount={Boolean(field.max)} {...control} />;
    case 'password':
      return <Input.Password disabled={disabled} autoComplete="new-password" {...control} />;
    case 'int':
      return <InputNumber precision={0} min={field.min} max={field.max} disabled={disabled} style={{ width: 200 }} {...control} />;
    case 'money':
      return (
        <InputNumber
          precision={2}
          step={0.01}
          prefix="$"
          min={field.min}
          max={field.max}
          disabled={disabled}
          style={{ width: 200 }}
          {...control}
        />
      );
    case 'decimal':
      return (
        <InputNumber precision={2} step={0.01} min={field.min} max={field.max} disabled={disabled} style={{ width: 200 }} {...control} />
      );
    case 'bool':
      // The form hands every input `value`; the switch shows it as `checked`.
      return <Switch id={control.id} disabled={disabled} checked={Boolean(control.value)} onChange={control.onChange} />;
    case 'enum':
      return (
        <Select
          disabled={disabled}
          style={{ maxWidth: 320 }}
          {...control}
          options={Object.entries(field.options ?? {}).map(([value, o]) => ({ value, label: o.label }))}
        />
      );
    case 'ref':
      return <RefSelect field={field} {...control} />;
    case 'datetime':
      return <DateTimeInput disabled={disabled} {...control} />;
    default:
      return <Input disabled={disabled} maxLength={field.max} {...control} />;
  }
}
