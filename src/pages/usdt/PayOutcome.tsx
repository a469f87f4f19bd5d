import { LoadingOutlined } from '@ant-design/icons';
import { Button, Result, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../common/money';
import type { PayOrder } from '../../resources/usdt/api';

/** The screen once the order no longer waits: confirming, paid (with the new balance), expired, cancelled. */
export function PayOutcome({ order, balance }: { order: PayOrder; balance: number | null }) {
  const navigate = useNavigate();
  const again = (
    <Button key="again" type="primary" onClick={() => navigate('/account/recharge')}>
      重新充值
    </Button>
  );
  const hash = order.tx_hash && (
    <Typography.Paragraph className="pay-hash" copyable={{ text: order.tx_hash, tooltips: ['复制交易哈希', '已复制'] }}>
      交易哈希：{order.tx_hash}
    </Typography.Paragraph>
  );
  switch (order.state) {
    case 'confirming':
      return (
        <Result
          icon={<LoadingOutlined />}
          title="已收到付款，正在确认"
          subTitle="等待区块确认，通常约 1 分钟，确认后自动到账。请勿重复付款，本页面会自动更新。"
        >
          {hash}
        </Result>
      );
    case 'paid':
      return (
        <Result
          status="success"
          title="充值成功"
          data-testid="pay-paid"
          subTitle={
            <>
              已到账 {formatMoney(order.amount)}
              {balance !== null && (
                <>
                  ，当前余额 <b data-testid="pay-balance">{formatMoney(balance)}</b>
                </>
              )}
            </>
          }
          extra={[
            <Button key="home" type="primary" onClick={() => navigate('/home')}>
              返回首页
            </Button>,
            <Button key="more" onClick={() => navigate('/account/recharge')}>
              继续充值
            </Button>,
          ]}
        >
          {hash}
        </Result>
      );
    case 'expired':
      return (
        <Result
          status="warning"
          title="订单已过期"
          subTitle="若您在过期前已经转账，系统仍会自动到账，请勿重复付款；还未付款请重新下单。"
          extra={[again]}
        />
      );
    default:
      return <Result status="info" title="订单已取消" subTitle="请不要再向这个订单付款。" extra={[again]} />;
  }
}
