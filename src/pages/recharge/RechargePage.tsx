import { Alert, Button, Card, Col, Form, InputNumber, Radio, Row, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { formatMoney } from '../../common/money';
import { markFieldErrors } from '../../common/field-rules';
import { useNarrow } from '../../framework/use-narrow';
import { api } from '../../providers/http';
import { ORDERS_ROUTE, payRoute, usdtApi, type PayOrder } from '../../resources/usdt/api';
import { cnyFor, epayApi, EPAY_ORDERS_ROUTE, type EpayOrder } from '../../resources/epay/api';
import { ContactDetails } from './ContactDetails';
import { EpayOrderCard } from './EpayOrderCard';
import { MethodPicker } from './MethodPicker';
import { RechargeRules } from './RechargeRules';
import { chainOf, isUsdt, networkOf, presetsWithin, useRechargeStart } from './use-recharge-start';
import { walletName } from './wallet-name';
import './recharge.css';

/**
 * 账户充值: a way to pay (支付宝, 微信, USDT on a network) among those finance switched on, an amount
 * (a preset or any within the bounds), then the gateway's page (or its QR on a desktop) or the USDT
 * pay order. `?epay=<id>` (the way back from the gateway) shows that order's live state. With nothing
 * on, the shop's contact details.
 */
export default function RechargePage() {
  const { methods, usdt, open, loading } = useRechargeStart();
  const [form] = Form.useForm<{ amount: number }>();
  const amount = Form.useWatch('amount', form);
  const [chosen, setChosen] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const narrow = useNarrow();
  const epayId = Number(params.get('epay')) || null;
  const method = methods.find((m) => m.method === chosen) ?? methods[0];

  const submit = async ({ amount: value }: { amount: number }) => {
    if (!method) return;
    setSending(true);
    try {
      if (isUsdt(method.method)) {
        const chain = chainOf(method.method);
        const order =
          chain === 'trc20' ? await usdtApi.create(value) : await api.post<PayOrder>('/api/usdt/create', { amount: value, chain });
        navigate(payRoute(order.id));
        return;
      }
      const order = await epayApi.create(value, method.method, narrow ? 'mobile' : 'pc');
      // A phone goes straight to the gateway, which opens the wallet app; a desktop sees the QR (or the button) here.
      if (narrow && order.pay_url) window.location.assign(order.pay_url);
      else navigate(`/account/recharge?epay=${order.id}`, { state: { order } });
    } catch (error) {
      markFieldErrors(form, error);
    } finally {
      setSending(false);
    }
  };

  const body = () => {
    if (epayId) {
      const first = (location.state as { order?: EpayOrder } | null)?.order;
      return (
        <EpayOrderCard
          key={epayId}
          id={epayId}
          first={first?.id === epayId ? first : undefined}
          onBack={() => navigate('/account/recharge')}
        />
      );
    }
    if (loading) return <Skeleton active paragraph={{ rows: 4 }} />;
    if (!method) return <ContactDetails />;
    const { min_amount: min, max_amount: max } = method;
    const crypto = isUsdt(method.method);
    const unit = crypto ? 'USDT' : '美元';
    const value = typeof amount === 'number' ? amount : 0;
    return (
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <MethodPicker methods={methods} value={method.method} onChange={setChosen} />
        <Form.Item label="选择金额">
          <Radio.Group
            value={amount}
            onChange={(e) => form.setFieldsValue({ amount: e.target.value })}
            optionType="button"
            buttonStyle="solid"
            className="recharge-presets"
            options={presetsWithin(min, max).map((p) => ({ value: p, label: crypto ? `${p} USDT` : `$${p}` }))}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label="充值金额"
          extra={`可输入 ${min.toFixed(2)} 到 ${max.toFixed(2)} 之间的金额，最多两位小数`}
          rules={[
            { required: true, message: '请选择或输入充值金额' },
            { type: 'number', min, max, message: `充值金额应在 ${min.toFixed(2)} 到 ${max.toFixed(2)} ${crypto ? 'USDT ' : '美元'}之间` },
          ]}
        >
          <InputNumber
            precision={2}
            step={1}
            min={0}
            style={{ width: '100%', maxWidth: 280 }}
            addonAfter={unit}
            placeholder="输入金额"
            inputMode="decimal"
          />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          到账余额{' '}
          <Typography.Text strong data-testid="recharge-credit">
            {formatMoney(value)}
          </Typography.Text>
          {crypto ? (
            '（1 USDT = 1 美元）。为识别您的付款，实际支付金额可能多出几分，以订单显示为准。'
          ) : (
            <>
              ，需支付{' '}
              <Typography.Text strong data-testid="recharge-cny">
                ¥{cnyFor(value, method.rate).toFixed(2)}
              </Typography.Text>
              （汇率 {method.rate}）
            </>
          )}
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={sending} size="large" block style={{ maxWidth: 280 }}>
          {crypto ? '生成支付订单' : `去${walletName(method.label)}支付`}
        </Button>
      </Form>
    );
  };

  const usdtChosen = !epayId && method && isUsdt(method.method);
  return (
    <Row gutter={[16, 16]} className="recharge-page">
      <Col xs={24} lg={14}>
        <Card
          title="账户充值"
          size="small"
          extra={
            <Space size="middle" wrap>
              <Link to={EPAY_ORDERS_ROUTE}>支付宝/微信订单</Link>
              <Link to={ORDERS_ROUTE}>USDT 订单</Link>
            </Space>
          }
        >
          {open.length > 0 && !epayId && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              message={`您有 ${open.length} 个待支付的充值订单`}
              description={
                <Space wrap>
                  {open.map((o) => (
                    <Link key={o.id} to={payRoute(o.id)}>{`订单 #${o.id}：${o.amount.toFixed(2)} USDT`}</Link>
                  ))}
                </Space>
              }
            />
          )}
          {body()}
        </Card>
      </Col>
      {/* The rules are USDT's: beside another method they would only mislead. */}
      {usdtChosen && (
        <Col xs={24} lg={10}>
          <RechargeRules expireMinutes={usdt?.expire_minutes} network={networkOf(method)} />
        </Col>
      )}
    </Row>
  );
}
