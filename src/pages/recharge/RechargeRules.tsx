import { Card, Typography } from 'antd';

/** The rules of a USDT top-up in plain words: what people get wrong when they pay from an exchange or a wallet. */
export function RechargeRules({ expireMinutes, network = 'TRC20' }: { expireMinutes?: number; network?: string }) {
  return (
    <Card title="充值须知" size="small" data-testid="recharge-rules">
      <Typography>
        <ol style={{ paddingInlineStart: 20, margin: 0, lineHeight: 1.9 }}>
          <li>
            本订单只收 <b>{network === 'TRC20' ? 'TRC20（波场 TRON）' : network} 网络的 USDT</b>。用其他网络转账不会到账。
          </li>
          <li>
            请按订单显示的 <b>精确金额</b> 转账，包括小数。系统按金额识别是谁的付款，金额不符不能自动到账。
          </li>
          <li>
            从交易所提币时，交易所会 <b>扣除提币手续费</b>。请把手续费加到提币数量里，让 <b>到账金额</b> 正好等于订单金额。
          </li>
          <li>订单 {expireMinutes ?? 15} 分钟内有效，请在有效期内转账；过期后不要再向该订单付款。</li>
          <li>转账后约 1 分钟（区块确认后）自动到账，页面会自动刷新，无需联系客服。</li>
          <li>1 USDT 充值 1 美元余额。长时间未到账时，请把交易哈希发给客服处理。</li>
        </ol>
      </Typography>
    </Card>
  );
}
