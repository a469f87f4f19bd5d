import { Button, Card, Col, Form, Input, Row, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { epaySettingsFields } from '../../../resources.config';
import { FieldItems, formFields } from '../../framework/form/FieldItems';
import { api } from '../../providers/http';
import { rulesFor } from '../../common/field-rules';
import { useFormSubmit } from '../../common/use-form-submit';
import { CopyButton } from '../../common/CopyButton';
import { EpayRefusals } from './EpayRefusals';
import { PayTypesInput } from './PayTypesInput';
import { useEpayConfig, type EpayConfigAnswer } from './use-epay-config';
import './epay-config.css';

type Values = Record<string, unknown>;
// The key has an input of its own (set, or 留空不修改), and so do the types (ticked, not typed).
const fields = formFields({ fields: epaySettingsFields }).filter(([name]) => name !== 'key');
const typesAt = fields.findIndex(([name]) => name === 'types');
const before = fields.slice(0, typesAt);
const after = fields.slice(typesAt + 1);

/** 支付宝/微信设置 (finance and the owner): the 易支付 gateway and merchant account, the rate and limits, refused notifications. */
export default function EpayConfigPage() {
  const { config, setConfig, loading } = useEpayConfig();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (config) form.setFieldsValue({ ...Object.fromEntries(fields.map(([n]) => [n, config[n] ?? undefined])), key: '' });
  }, [form, config]);

  const save = (body: Values) => api.post<EpayConfigAnswer>('/api/epay/config/edit', body).then(setConfig);
  const { saving, submit } = useFormSubmit(
    form,
    (values: Values) => save({ ...values, gateway: values.gateway || '', pid: values.pid || '' }),
    '保存成功',
  );

  if (loading || !config)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  const keyField = epaySettingsFields.key;
  const notifyUrl = `${window.location.origin}${config.notify_path}`;
  return (
    <Row gutter={[16, 16]} className="epay-config">
      <Col xs={24} xl={14}>
        <Card size="small" title="支付宝/微信（易支付）充值设置">
          <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} style={{ maxWidth: 560 }}>
            <FieldItems fields={before} action="edit" />
            <PayTypesInput label={epaySettingsFields.types.label} />
            <FieldItems fields={after} action="edit" />
            <Form.Item name="key" label={keyField.label} extra={keyField.help} rules={rulesFor(keyField, 'edit')}>
              <Input.Password
                autoComplete="new-password"
                placeholder={config.key_set ? `已设置（${config.key_hint}），留空不修改` : '未设置'}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saving}>
              保存
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small" title="接入说明" style={{ marginBottom: 16 }}>
          <Typography.Paragraph>
            在支付网关后台创建商户，把商户 ID
            和商户密钥填入本页的设置。支付结果的异步通知地址由本站在每笔订单里发给网关，无需在网关后台填写：
          </Typography.Paragraph>
          <Typography.Paragraph code copyable={false} style={{ wordBreak: 'break-all' }}>
            {notifyUrl}
          </Typography.Paragraph>
          <CopyButton text={notifyUrl} label="复制通知地址" />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            若网关后台要求填写通知地址，填上面的地址即可。客户支付金额 = 充值金额 ×
            汇率（向上取整到分）；没有收到通知的订单每分钟向网关查询一次。
          </Typography.Paragraph>
        </Card>
        <EpayRefusals refusals={config.refusals} />
      </Col>
    </Row>
  );
}
