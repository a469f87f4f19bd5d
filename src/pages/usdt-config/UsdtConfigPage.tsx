import { Button, Card, Col, Form, Input, Row, Skeleton, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { usdtSettingsFields } from '../../../resources.config';
import { FieldItems, formFields } from '../../framework/form/FieldItems';
import { api } from '../../providers/http';
import { rulesFor } from '../../common/field-rules';
import { useFormSubmit } from '../../common/use-form-submit';
import { useUsdtConfig, type UsdtConfigAnswer } from './use-usdt-config';
import { WatcherStatus } from './WatcherStatus';
import { ChainCard } from './ChainCard';
import './usdt-config.css';

type Values = Record<string, unknown>;
// The key has an input of its own (set, or 留空不修改, or 清除).
const fields = formFields({ fields: usdtSettingsFields }).filter(([name]) => name !== 'api_key');

/** USDT 设置 (sup): the receiving address and the rules of top-ups, the TronGrid access, the watcher's health; a card per EVM chain. */
export default function UsdtConfigPage() {
  const { config, setConfig, loading } = useUsdtConfig();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (config) form.setFieldsValue({ ...Object.fromEntries(fields.map(([n]) => [n, config[n] ?? undefined])), api_key: '' });
  }, [form, config]);

  const save = (body: Values) => api.post<UsdtConfigAnswer>('/api/usdt/config/edit', body).then(setConfig);
  const { saving, submit } = useFormSubmit(form, (values: Values) => save({ ...values, address: values.address || '' }), '保存成功');
  const { saving: clearing, submit: clearKey } = useFormSubmit(form, () => save({ clear_api_key: true }), 'API Key 已清除');

  if (loading || !config)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  const keyField = usdtSettingsFields.api_key;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card size="small" title="USDT (TRC20) 充值设置">
          <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 560 }}>
            <FieldItems fields={fields} action="edit" />
            <Form.Item label={keyField.label} extra={keyField.help}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="api_key" noStyle rules={rulesFor(keyField, 'edit')}>
                  <Input.Password
                    autoComplete="new-password"
                    placeholder={config.api_key_set ? `已设置（${config.api_key_hint}），留空不修改` : '未设置'}
                  />
                </Form.Item>
                {config.api_key_set && (
                  <Button onClick={() => clearKey({})} loading={clearing}>
                    清除
                  </Button>
                )}
              </Space.Compact>
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saving}>
              保存
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <WatcherStatus status={config.status} onPolled={(status) => setConfig({ ...config, status })} />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          未匹配的转账（金额不符、过期后付款、无对应订单）在“未匹配转账”中列出，可核实后入账到用户。
        </Typography.Paragraph>
      </Col>
      <Col span={24}>
        <Typography.Title level={5} style={{ margin: '8px 0 0' }}>
          其他网络（EVM 链）
        </Typography.Title>
        <Typography.Text type="secondary">
          每个网络单独开放，客户充值时选择网络。充值金额上下限、订单有效期等沿用上方设置；合约、小数位数、确认区块数已按主网默认填好。
        </Typography.Text>
      </Col>
      {Object.entries(config.chains).map(([chain, settings]) => (
        <Col xs={24} lg={12} key={chain}>
          <ChainCard chain={chain} settings={settings} status={config.status.chains.find((c) => c.chain === chain)} onSaved={setConfig} />
        </Col>
      ))}
    </Row>
  );
}
