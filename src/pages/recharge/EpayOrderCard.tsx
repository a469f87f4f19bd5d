import { Alert, Button, QRCode, Result, Skeleton, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { modal } from '../../framework/notices';
import { useNarrow } from '../../framework/use-narrow';
import { EPAY_TYPES } from '../../../resources.config';
import { epayApi, EPAY_ORDERS_ROUTE, type EpayOrder } from '../../resources/epay/api';
import { useEpayOrder } from './use-epay-order';
import { walletName } from './wallet-name';

const typeLabel = (type: string) => walletName(EPAY_TYPES[type as keyof typeof EPAY_TYPES]?.label ?? type);

/** One 易支付 order, live: where to pay it (the gateway's page, or its QR on a desktop), then its outcome. */
export function EpayOrderCard({ id, first, onBack }: { id: number; first?: EpayOrder; onBack: () => void }) {
  const { order, setOrder, error } = useEpayOrder(id, first);
  const narrow = useNarrow();
  if (!order) return error ? <Alert type="error" showIcon message={error} /> : <Skeleton active paragraph={{ rows: 4 }} />;
  const back = (
    <Button onClick={onBack} key="back">
      继续充值
    </Button>
  );
  const orders = (
    <Link to={EPAY_ORDERS_ROUTE} key="orders">
      我的充值订单
    </Link>
  );
  if (order.state === 'paid')
    return (
      <Result status="success" title={`已到账 $${order.amount.toFixed(2)}`} subTitle={`订单号 ${order.order_no}`} extra={[back, orders]} />
    );
  if (order.state === 'cancelled')
    return <Result status="info" title="订单已取消" subTitle={`订单号 ${order.order_no}`} extra={[back, orders]} />;
  const cancel = () =>
    modal.confirm({
      title: '取消这个充值订单？',
      content: '取消后请不要再为它付款：付款不会自动到账。',
      okText: '取消订单',
      cancelText: '不取消',
      onOk: async () => setOrder(await epayApi.cancel(order.id)),
    });
  return (
    <div className="epay-order" data-testid="epay-order">
      {order.state === 'expired' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="订单已过期"
          description="如果您已付款，到账后会自动显示在这里；未付款请重新下单。"
        />
      )}
      <Typography.Paragraph>
        {typeLabel(order.type)}支付{' '}
        <Typography.Text strong className="epay-money">
          ¥{order.money.toFixed(2)}
        </Typography.Text>
        ，到账 <Typography.Text strong>${order.amount.toFixed(2)}</Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        订单号 {order.order_no} · 有效期至 {order.expires_at}
      </Typography.Paragraph>
      {order.state === 'waiting' && order.qrcode && !narrow && (
        <div className="epay-qr-box">
          <QRCode value={order.qrcode} size={184} data-testid="epay-qr" aria-label={`${typeLabel(order.type)}付款二维码`} />
          <Typography.Text type="secondary">用{typeLabel(order.type)}扫码支付</Typography.Text>
        </div>
      )}
      <Space wrap>
        {order.state === 'waiting' && order.pay_url && (
          <Button type="primary" size="large" href={order.pay_url}>
            去{typeLabel(order.type)}支付
          </Button>
        )}
        {order.state === 'waiting' && <Button onClick={cancel}>取消订单</Button>}
        {back}
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        付款后本页会自动刷新到账状态，无需手动操作。
      </Typography.Paragraph>
    </div>
  );
}
