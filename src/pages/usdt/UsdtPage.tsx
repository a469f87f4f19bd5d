import { Card, Col, Descriptions, Result, Row, Skeleton, Tag, Button } from 'antd';
import { useMemo } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { resources } from '../../../resources.config';
import { formatMoney } from '../../common/money';
import { ORDERS_ROUTE } from '../../resources/usdt/api';
import { PayInstructions } from './PayInstructions';
import { PayOutcome } from './PayOutcome';
import { usePayOrder } from './use-pay-order';
import './usdt.css';

const states = resources.usdt.fields.state.options;

/** USDT 支付: one pay order, live: what to send while it waits, then what became of it. */
export default function UsdtPage() {
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isSafeInteger(raw) && raw > 0 ? raw : null;
  const { order, error, balance, receivedAt, reload, accept } = usePayOrder(id);
  const deadline = useMemo(() => (order ? receivedAt + order.expires_in * 1000 : null), [order, receivedAt]);

  if (id === null) return <Navigate to={ORDERS_ROUTE} replace />;
  if (!order) {
    return error ? (
      <Result status="404" title="充值订单不存在" subTitle={error} extra={<Link to={ORDERS_ROUTE}>我的充值订单</Link>} />
    ) : (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  const state = states[order.state];
  return (
    <Row gutter={[16, 16]} justify="center">
      <Col xs={24} md={16} xl={10}>
        <Card
          size="small"
          title="USDT 支付"
          data-testid="pay-card"
          extra={
            <Tag color={state?.color} data-testid="pay-state">
              {state?.label ?? order.state}
            </Tag>
          }
        >
          {order.state === 'waiting' && deadline !== null ? (
            <PayInstructions order={order} deadline={deadline} onChange={(next) => void accept(next)} onTimeUp={reload} />
          ) : (
            <PayOutcome order={order} balance={balance} />
          )}
        </Card>
      </Col>
      <Col xs={24} md={16} xl={8}>
        <Card size="small" title="订单信息" extra={<Link to={ORDERS_ROUTE}>我的充值订单</Link>}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="订单号">#{order.id}</Descriptions.Item>
            <Descriptions.Item label="充值金额">{formatMoney(order.requested)}</Descriptions.Item>
            <Descriptions.Item label="支付金额">{order.amount.toFixed(2)} USDT</Descriptions.Item>
            <Descriptions.Item label="网络">{order.network}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{order.create_at}</Descriptions.Item>
            <Descriptions.Item label="过期时间">{order.expires_at}</Descriptions.Item>
            {order.paid_at && <Descriptions.Item label="到账时间">{order.paid_at}</Descriptions.Item>}
          </Descriptions>
          {error && (
            <Button size="small" onClick={() => void reload()}>
              刷新状态
            </Button>
          )}
        </Card>
      </Col>
    </Row>
  );
}
