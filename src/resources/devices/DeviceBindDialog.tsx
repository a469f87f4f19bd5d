import { useState } from 'react';
import { Alert, Form, Input, Modal, Radio, Typography } from 'antd';
import type { RowActionProps } from '../../framework/registry';
import { api } from '../../providers/http';
import { markFieldErrors } from '../../common/field-rules';
import { countLines } from '../stock/import-api';
import { message } from '../../framework/notices';

interface Binding {
  text: string;
  mode: 'bind' | 'unbind';
}
interface BindResult {
  changed: number;
  missing: number;
}

/**
 * Numbers pasted one per line (as stock is imported) are bound to the device: only it may deliver
 * SMS to them, so a device key that leaks cannot push codes to other phones' numbers. Unbinding
 * frees the numbers bound to this device. The answer says how many stock items changed.
 */
export default function DeviceBindDialog({ record, onDone, onClose }: RowActionProps & { onClose(): void }) {
  const [form] = Form.useForm<Binding>();
  const [saving, setSaving] = useState(false);
  const mode = Form.useWatch('mode', form) ?? 'bind';
  const lines = countLines(Form.useWatch('text', form) ?? '');

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const r = await api.post<BindResult>('/api/device/bind', { id: record.id, text: values.text, unbind: values.mode === 'unbind' });
      const missing = r.missing ? `，${r.missing} 个号码不在库存中` : '';
      message.success(`${values.mode === 'unbind' ? '已解除绑定' : '已绑定'} ${r.changed} 条库存${missing}`);
      onClose();
      onDone();
    } catch (error) {
      markFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={`绑定号码 - ${record.name ?? ''}`}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={lines ? `${mode === 'unbind' ? '解除绑定' : '绑定'} ${lines} 个号码` : '确定'}
      cancelText="取消"
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="绑定后，只有这台设备（或卡槽号码是它的设备）上报的短信能送达这些号码"
        description="未绑定的号码任何设备都能收码。当前已绑定的库存数见列表的「绑定号码」列。"
      />
      <Form form={form} layout="vertical" initialValues={{ mode: 'bind' }}>
        <Form.Item name="mode">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'bind', label: '绑定到本设备' },
              { value: 'unbind', label: '解除绑定' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="text"
          label="号码（每行一个，与导入库存的格式相同）"
          rules={[{ required: true, whitespace: true, message: '请填写号码' }]}
        >
          <Input.TextArea rows={8} placeholder={'+8613800138000\n+8613800138001'} aria-label="号码" />
        </Form.Item>
        <Typography.Text type="secondary">同一号码在多个商品的库存里都会绑定。</Typography.Text>
      </Form>
    </Modal>
  );
}
