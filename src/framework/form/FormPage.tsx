import { useForm } from '@refinedev/antd';
import { Button, Form } from 'antd';
import { useNavigate, useParams } from 'react-router';
import type { ResourceDef } from '../declaration';
import { listUrl } from '../list/list-memory';
import { PageFrame } from '../page/PageFrame';
import { FieldItems, formFields, initialValues } from './FieldItems';
import '../framework.css';

/**
 * One form for create and edit. Server field errors (`data.errors`) land on their fields, leaving
 * with unsaved changes asks first, and a successful save goes back to the list with the filters,
 * page and sort it was left with.
 */
export default function FormPage({ name, def, action }: { name: string; def: ResourceDef; action: 'create' | 'edit' }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const back = listUrl(name, def);
  const { formProps, saveButtonProps, formLoading } = useForm({
    resource: name, action, id: action === 'edit' ? id : undefined, redirect: false, warnWhenUnsavedChanges: true,
    successNotification: () => ({ type: 'success', message: action === 'create' ? `${def.label}已添加` : `${def.label}已保存` }),
    // The http client has shown why (once).
    errorNotification: false,
    // After Refine has stopped guarding unsaved changes (it does so as the save starts).
    onMutationSuccess: () => { setTimeout(() => navigate(back), 0); },
  });
  // Create-only fields are shown locked on edit, and never sent: the server refuses them there.
  const locked = action === 'edit' ? formFields(def).filter(([, f]) => f.createOnly).map(([n]) => n) : [];
  const onFinish = (values: Record<string, unknown>) =>
    formProps.onFinish?.(Object.fromEntries(Object.entries(values).filter(([n]) => !locked.includes(n))));

  return (
    <PageFrame title={`${action === 'create' ? '新建' : '编辑'}${def.label}`} backTo={back} loading={formLoading}>
      <Form {...formProps} onFinish={onFinish} layout="vertical" style={{ maxWidth: 720 }}
        initialValues={action === 'create' ? initialValues(def) : formProps.initialValues}>
        <FieldItems fields={formFields(def)} action={action} />
        {/* Refine's save props submit the form (a submit button as well would send it twice). */}
        <Button type="primary" {...saveButtonProps}>保存</Button>
      </Form>
    </PageFrame>
  );
}
