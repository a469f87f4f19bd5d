import { Create, Edit, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { useParams } from 'react-router';
import type { FieldDef, ResourceDef } from '../types';
import { FieldInput } from './FieldInput';
import { rulesFor } from './rules';

/** Writable fields of a form: never readonly ones; create-only ones shown but locked on edit. */
export function formFields(def: ResourceDef): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, f]) => !f.readonly);
}

/** Defaults of a new record, from the declaration. */
export function initialValues(def: ResourceDef): Record<string, unknown> {
  return Object.fromEntries(formFields(def).filter(([, f]) => f.default !== undefined).map(([n, f]) => [n, f.default]));
}

/**
 * One form for create and edit. Server field errors (`data.errors`) land on their fields, leaving
 * with unsaved changes asks first, and a successful save goes back to the list.
 */
export default function FormPage({ name, def, action }: { name: string; def: ResourceDef; action: 'create' | 'edit' }) {
  const { id } = useParams();
  const { formProps, saveButtonProps, formLoading } = useForm({
    resource: name, action, id: action === 'edit' ? id : undefined, redirect: 'list', warnWhenUnsavedChanges: true,
    successNotification: () => ({ type: 'success', message: action === 'create' ? `${def.label}已添加` : `${def.label}已保存` }),
    errorNotification: (error) => ({ type: 'error', message: error?.message ?? '保存失败' }),
  });
  // Create-only fields are shown locked on edit, and never sent: the server refuses them there.
  const locked = action === 'edit' ? formFields(def).filter(([, f]) => f.createOnly).map(([n]) => n) : [];
  const onFinish = (values: Record<string, unknown>) =>
    formProps.onFinish?.(Object.fromEntries(Object.entries(values).filter(([n]) => !locked.includes(n))));
  const Wrapper = action === 'create' ? Create : Edit;
  const title = `${action === 'create' ? '新建' : '编辑'}${def.label}`;

  return (
    <Wrapper title={title} breadcrumb={false} saveButtonProps={{ ...saveButtonProps, children: '保存' }} isLoading={formLoading}
      headerButtons={() => null}>
      <Form {...formProps} onFinish={onFinish} layout="vertical" style={{ maxWidth: 720 }}
        initialValues={action === 'create' ? initialValues(def) : formProps.initialValues}>
        {formFields(def).map(([field, f]) => (
          <Form.Item key={field} name={field} label={f.label} rules={rulesFor(f, action)}
            extra={action === 'edit' && f.writeOnly ? f.help : f.type === 'password' ? undefined : f.help}>
            <FieldInput field={f} disabled={action === 'edit' && f.createOnly} />
          </Form.Item>
        ))}
      </Form>
    </Wrapper>
  );
}
