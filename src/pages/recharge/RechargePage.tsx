import { Alert, Button, Card, Col, Form, InputNumber, Radio, Row, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatMoney } from '../../common/money';
import { markFieldErrors } from '../../common/field-rules';
import { ORDERS_ROUTE, payRoute, usdtApi } from '../../resources/usdt/api';
import { ContactDetails } from './ContactDetails';
import { RechargeRules } from './RechargeRules';
import { presetsWithin, useRechargeStart } from './use-recharge-start';
import './recharge.css';

/**
 * 账户充值: choose an amount (a preset or any within the bounds), get a USDT pay order, go pay it.
 * With USDT off, the shop's contact details instead.
 */
export default function RechargePage() {
  const { options, open, loading } = useRechargeStart();
  const [form] = Form.useForm<{ amount: number }>();
  const amount = Form.useWatch('amount', form);
  const [sending, setSending] = useState(false);
  const navigate = useNavigate();

  const submit = async ({ amount: value }: { amount: number }) => {
    setSending(true);
    try {
      const order = await usdtApi.create(value);
      navigate(payRoute(order.id));
    } catch (error) {
      markFieldErrors(form, error);
    } finally {
      setSending(false);
    }
  };

  const body = () => {
    if (loading) return <Skeleton active paragraph={{ rows: 4 }} />;
    if (!options?.enabled) return <ContactDetails />;
    const { min_amount: min, max_amount: max } = options;
    return (
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label="选择金额">
          <Radio.Group value={amount} onChange={(e) => form.setFieldsValue({ amount: e.target.value })}
            optionType="button" buttonStyle="solid" className="recharge-presets"
            options={presetsWithin(min, max).map((p) => ({ value: p, label: `${p} USDT` }))} />
        </Form.Item>
        <Form.Item name="amount" label="充值金额" extra={`可输入 ${min.toFixed(2)} 到 ${max.toFixed(2)} 之间的金额，最多两位小数`}
          rules={[
            { required: true, message: '请选择或输入充值金额' },
            { type: 'number', min, max, message: `充值金额应在 ${min.toFixed(2)} 到 ${max.toFixed(2)} USDT 之间` },
          ]}>
          <InputNumber precision={2} step={1} min={0} style={{ width: '100%', maxWidth: 280 }} addonAfter="USDT" placeholder="输入金额" inputMode="decimal" />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          到账余额 <Typography.Text strong data-testid="recharge-credit">{formatMoney(typeof amount === 'number' ? amount : 0)}</Typography.Text>
          （1 USDT = 1 美元）。为识别您的付款，实际支付金额可能多出几分，以订单显示为准。
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={sending} size="large" block style={{ maxWidth: 280 }}>生成支付订单</Button>
      </Form>
    );
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card title="USDT 充值" size="small" extra={<Link to={ORDERS_ROUTE}>我的充值订单</Link>}>
          {open.length > 0 && (
            <Alert type="warning" showIcon style={{ marginBottom: 16 }}
              message={`您有 ${open.length} 个待支付的充值订单`}
              description={<Space wrap>{open.map((o) => <Link key={o.id} to={payRoute(o.id)}>{`订单 #${o.id}：${o.amount.toFixed(2)} USDT`}</Link>)}</Space>} />
          )}
          {body()}
        </Card>
      </Col>
      {/* The rules are USDT's: with USDT off they would only mislead. */}
      {(loading || options?.enabled) && <Col xs={24} lg={10}><RechargeRules expireMinutes={options?.expire_minutes} /></Col>}
    </Row>
  );
}
