import { Descriptions, Form, Input, InputNumber, Modal, type DescriptionsProps, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { useFormSubmit } from './use-form-submit';
import { modal } from '../framework/notices';

interface Confirmation {
  title: string;
  content: string;
  okText: string;
  danger?: boolean;
}

/**
 * A dialog about one record: the facts the change bears on, a few inputs (an amount, a remark, a
 * user), and a confirmation that says what will happen before anything is sent. A success toasts
 * `success`, closes the dialog and refreshes the list; a refusal marks the fields the server named.
 */
export function ConfirmedFormDialog<T>({
  form,
  title,
  okText,
  okDanger,
  facts,
  factColumns = 1,
  initialValues,
  confirm,
  send,
  success,
  onClose,
  onDone,
  children,
}: {
  form: FormInstance<T>;
  title: ReactNode;
  okText: string;
  okDanger?: boolean;
  facts: DescriptionsProps['items'];
  factColumns?: DescriptionsProps['column'];
  initialValues?: Partial<T>;
  /** What the confirmation says about these values (it may ask the server first; a refusal stops there). */
  confirm(values: T): Confirmation | Promise<Confirmation>;
  send(values: T): Promise<unknown>;
  success: string;
  onClose(): void;
  onDone(): void;
  children: ReactNode;
}) {
  const { saving, submit: save } = useFormSubmit(
    form,
    async (values: T) => {
      await send(values);
      onClose();
      onDone();
    },
    success,
  );

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const confirmation = await Promise.resolve(confirm(values)).catch(() => null);
    if (!confirmation) return;
    const { danger, ...said } = confirmation;
    modal.confirm({
      ...said,
      cancelText: '取消',
      ...(danger ? { okButtonProps: { danger: true } } : {}),
      onOk: () => save(values),
    });
  };

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={submit}
      okText={okText}
      cancelText="取消"
      {...(okDanger ? { okButtonProps: { danger: true } } : {})}
      confirmLoading={saving}
    >
      <Descriptions size="small" column={factColumns} style={{ marginBottom: 16 }} items={facts} />
      <Form form={form} layout="vertical" initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}

/** A remark the server keeps with the change: required, at most 255 characters. */
export function RemarkItem({ label = '备注' }: { label?: string }) {
  return (
    <Form.Item
      name="remark"
      label={label}
      rules={[
        { required: true, whitespace: true, message: `请输入${label}` },
        { max: 255, message: '备注最多 255 个字符' },
      ]}
    >
      <Input.TextArea rows={2} maxLength={255} showCount />
    </Form.Item>
  );
}

/** An amount in dollars, to the cent. */
export function AmountItem({ label, rules, min, max }: { label: string; rules: Rule[]; min?: number; max?: number }) {
  return (
    <Form.Item name="amount" label={label} rules={rules}>
      <InputNumber precision={2} step={1} min={min} max={max} prefix="$" style={{ width: '100%' }} />
    </Form.Item>
  );
}
