import { useForm } from '@refinedev/antd';
import { Button, Form, type FormInstance } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { roleOf, type FieldDef, type ResourceDef } from '../declaration';
import { permits, useGrants, useRole } from '../use-role';
import { fieldState } from './field-access';
import { listUrl } from '../list/list-memory';
import { PageFrame } from '../page/PageFrame';
import { formFields, initialValues } from './FieldItems';
import { GroupedFieldItems, useFormGroups } from './GroupedFieldItems';
import '../framework.css';

/**
 * One form for create and edit, its fields in the declared groups. Server field errors (`data.errors`)
 * land on their fields; a failed check or save opens the groups holding the errors and scrolls to the
 * first. Leaving with unsaved changes asks first, and a successful save goes back to the list with
 * the filters, page and sort it was left with.
 */
export default function FormPage({ name, def, action }: { name: string; def: ResourceDef; action: 'create' | 'edit' }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const back = listUrl(name, def);
  const { formProps, saveButtonProps, formLoading } = useForm({
    resource: name,
    action,
    id: action === 'edit' ? id : undefined,
    redirect: false,
    warnWhenUnsavedChanges: true,
    successNotification: () => ({ type: 'success', message: action === 'create' ? `${def.label}已添加` : `${def.label}已保存` }),
    // The http client has shown why (once).
    errorNotification: false,
    // After Refine has stopped guarding unsaved changes (it does so as the save starts).
    onMutationSuccess: () => {
      setTimeout(() => navigate(back), 0);
    },
    // Refine has put the server's field errors on their fields by now.
    onMutationError: () => {
      setTimeout(() => showErrors(formProps.form), 0);
    },
  });
  const role = roleOf(useRole());
  useGrants();
  // What this caller may write now: only open fields are sent (the server refuses the others).
  const states = formFields(def).map(
    ([n, f]) => [n, f, fieldState(def, n, f, action, { sup: role === 'sup', can: (rule) => permits(rule, role) })] as const,
  );
  const shown = states.filter(([, , s]) => s !== 'hidden').map(([n, f]): [string, FieldDef] => [n, f]);
  const locked = states.filter(([, , s]) => s === 'locked').map(([n]) => n);
  const open = new Set(states.filter(([, , s]) => s === 'open').map(([n]) => n));
  const onFinish = (values: Record<string, unknown>) =>
    formProps.onFinish?.(Object.fromEntries(Object.entries(values).filter(([n]) => open.has(n))));
  const defaults = Object.fromEntries(Object.entries(initialValues(def)).filter(([n]) => open.has(n)));
  const values = action === 'create' ? defaults : (formProps.initialValues as Record<string, unknown> | undefined);
  const groups = useFormGroups(def.groups, shown, values);
  /** Opens the groups with errors and brings the first error into view, its input focused. */
  const showErrors = (form: FormInstance | undefined) => {
    const failed = (form?.getFieldsError() ?? []).filter((e) => e.errors.length);
    if (!failed.length) return;
    groups.reveal(failed.map((e) => String(e.name[0])));
    // Once the opened group is drawn (a folded group's inputs are hidden until then), and again once
    // its opening motion has ended (the error moves down while the panel grows; on a phone, past the screen).
    // Neither takes the focus from where the person has since gone (typing into another field).
    const from = document.activeElement;
    let focused: Element | null = null;
    const scroll = () => {
      if (document.activeElement !== from && document.activeElement !== focused) return;
      form?.scrollToField(failed[0].name, { block: 'center', focus: true });
      focused = document.activeElement;
    };
    setTimeout(scroll, 50);
    setTimeout(scroll, 450);
  };

  return (
    <PageFrame title={`${action === 'create' ? '新建' : '编辑'}${def.label}`} backTo={back} loading={formLoading}>
      <Form
        {...formProps}
        onFinish={onFinish}
        onFinishFailed={() => showErrors(formProps.form)}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={action === 'create' ? defaults : formProps.initialValues}
      >
        <GroupedFieldItems groups={groups.groups} open={groups.open} onOpen={groups.setOpen} action={action} locked={locked} />
        {/* Refine's save props submit the form (a submit button as well would send it twice). */}
        <Button type="primary" {...saveButtonProps}>
          保存
        </Button>
      </Form>
    </PageFrame>
  );
}
