import { Card, Empty, List, Typography } from 'antd';
import type { EpayRefusal } from './use-epay-config';

/** The latest notifications that credited nothing, for finance to check against the gateway's records. */
export function EpayRefusals({ refusals }: { refusals: EpayRefusal[] }) {
  return (
    <Card size="small" title="被拒绝的支付通知">
      {refusals.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有被拒绝的通知" />
      ) : (
        <List
          size="small"
          dataSource={refusals}
          renderItem={(r) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <span>
                    {r.reason} <Typography.Text type="secondary">{r.create_at}</Typography.Text>
                  </span>
                }
                description={[
                  r.out_trade_no && `订单号 ${r.out_trade_no}`,
                  r.trade_no && `平台单号 ${r.trade_no}`,
                  r.money && `¥${r.money}`,
                  r.ip && `来自 ${r.ip}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </List.Item>
          )}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        签名错误、金额不符、未知或已取消的订单不会入账。客户确已付款的，可在支付网关后台核实后，在用户列表里“余额调整”手工入账。
      </Typography.Paragraph>
    </Card>
  );
}
