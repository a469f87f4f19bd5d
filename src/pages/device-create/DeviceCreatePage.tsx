import { Button, Form } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { resources } from '../../../resources.config';
import { FieldItems, formFields, initialValues } from '../../framework/form/FieldItems';
import { listUrl } from '../../framework/list/list-memory';
import { PageFrame } from '../../framework/page/PageFrame';
import { api } from '../../providers/http';
import { useFormSubmit } from '../../common/use-form-submit';
import type { DeviceSecret } from '../../resources/devices/DeviceSecretModal';

const DeviceSecretModal = lazy(() => import('../../resources/devices/DeviceSecretModal'));

const def = resources.devices;

/**
 * 新建设备: the declared fields, then the device's webhook URL and secret in a dialog, this once
 * (the server never sends the secret again); closing it goes back to the list.
 */
export default function DeviceCreatePage() {
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const back = listUrl('devices', def);
  const [shown, setShown] = useState<DeviceSecret | null>(null);
  const { saving, submit } = useFormSubmit(
    form,
    async (values: Record<string, unknown>) => {
      const made = await api.post<DeviceSecret & { name: string }>('/api/device/add', values);
      setShown(made);
    },
    '设备已添加',
  );

  return (
    <PageFrame title={`新建${def.label}`} backTo={back}>
      <Form form={form} layout="vertical" style={{ maxWidth: 720 }} initialValues={initialValues(def)} onFinish={submit}>
        <FieldItems fields={formFields(def)} action="create" />
        <Button type="primary" htmlType="submit" loading={saving}>
          保存
        </Button>
      </Form>
      {shown && (
        <Suspense fallback={null}>
          <DeviceSecretModal shown={shown} onClose={() => navigate(back)} />
        </Suspense>
      )}
    </PageFrame>
  );
}
