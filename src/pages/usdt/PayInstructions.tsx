import { Alert, Button, QRCode, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { usdtApi, type PayOrder } from '../../resources/usdt/api';
import { CopyButton } from '../../common/CopyButton';
import { useSecondsLeft } from './use-pay-order';
import { modal } from '../../framework/notices';

const mmss = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/** What to send where, while the order waits: the exact amount, the address and its QR code, the time left. */
export function PayInstructions({
  order,
  deadline,
  onChange,
  onTimeUp,
}: {
  order: PayOrder;
  deadline: number;
  onChange(order: PayOrder): void;
  onTimeUp(): void;
}) {
  const seconds = useSecondsLeft(deadline);
  useEffect(() => {
    if (seconds === 0) onTimeUp();
  }, [seconds, onTimeUp]);

  const cancel = () =>
    modal.confirm({
      title: '确定取消这个充值订单吗？',
      content: '如果您已经转账，请不要取消，等待自动到账即可。取消后请不要再向这个订单付款。',
      okText: '取消订单',
      okButtonProps: { danger: true },
      cancelText: '不取消',
      onOk: async () => onChange(await usdtApi.cancel(order.id)),
    });

  return (
    <Space direction="vertical" align="center" size={12} style={{ width: '100%' }} data-testid="pay-instructions">
      <Typography.Text type="secondary" data-testid="pay-network">
        请使用 <b>{order.network}</b> 网络，向下方地址转账以下 <b>精确金额</b>
      </Typography.Text>
      <div className="pay-amount" data-testid="pay-amount">
        {order.amount.toFixed(2)}
        <span> USDT</span>
      </div>
      <CopyButton text={order.amount.toFixed(2)} label="复制金额" />
      <QRCode value={order.address} size={176} bordered={false} />
      <Typography.Text className="pay-address" data-testid="pay-address">
        {order.address}
      </Typography.Text>
      <CopyButton text={order.address} label="复制地址" />
      {order.chain && order.chain !== 'trc20' && (
        <Alert
          type="warning"
          showIcon
          message={`只支持 ${order.network} 网络的 USDT：转到其他网络或转其他代币都无法自动到账`}
          data-testid="pay-network-warning"
        />
      )}
      <Typography.Text data-testid="pay-countdown">
        剩余支付时间 <b className="pay-countdown">{mmss(seconds)}</b>
      </Typography.Text>
      <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
        从交易所提币请加上手续费，确保到账正好 {order.amount.toFixed(2)} USDT
      </Typography.Text>
      <Button danger type="link" onClick={cancel}>
        取消订单
      </Button>
    </Space>
  );
}
