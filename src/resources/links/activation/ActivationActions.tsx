import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { refreshUserInfo } from '../../../common/user-info';
import { formatMoney } from '../../../common/money';
import { linkStates } from '../../link-states';
import { resetsLeft } from '../states';
import { activationApi, type ActivationLink } from './activation-api';
import { formatLeft, useSecondsLeft } from '../../../framework/list/countdown';
import { message, modal } from '../../../framework/notices';

const TokenRenewDialog = lazy(() => import('../TokenRenewDialog'));
const LIVE: readonly string[] = linkStates.live;

interface Props {
  link: ActivationLink;
  at: number;
  onChanged(): void;
  /** After 再次使用此号码 bought the number again as a new 号码. */
  onReused(id: number): void;
}

/**
 * What can be done with an activation now: 取消 (refund) while no code has come, once the early-cancel
 * window has passed (counted down); 完成 and 重提 once a code is in; 再次使用此号码 once it is done with
 * (a new purchase of the same number); 续费 where the product allows.
 * The money-moving ones ask first. The red 取消 is never the first button.
 */
export function ActivationActions({ link, at, onChanged, onReused }: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const [renewing, setRenewing] = useState(false);
  const cancelIn = useSecondsLeft(link.timers?.cancel_in ?? null, at);
  const live = LIVE.includes(link.state);
  const hasCode = Boolean(link.last_code) || link.state === 'code_received' || link.state === 'used_up';
  const left = resetsLeft(link);
  // A rental is ended, extended and cancelled by its own actions (结束, 续租), never as an activation.
  const rental = (link as ActivationLink & { kind?: string }).kind === 'rent';

  const run = async <R,>(name: string, call: () => Promise<R>, done: (r: R) => string) => {
    setBusy(name);
    try {
      const r = await call();
      message.success(done(r));
      onChanged();
    } catch {
      // The http client has shown the refusal.
    } finally {
      setBusy(null);
    }
  };

  const cancel = () =>
    modal.confirm({
      title: `取消号码 ${link.identifier}？`,
      content: '还没有收到验证码：取消后号码停止接码，货款退回余额。',
      okText: '取消并退款',
      okButtonProps: { danger: true },
      cancelText: '再等等',
      onOk: () =>
        run(
          'cancel',
          () => activationApi.cancel(link.id),
          (r) => {
            void refreshUserInfo();
            return `已取消，已退款 ${formatMoney(r.amount)}`;
          },
        ),
    });
  const finish = () =>
    modal.confirm({
      title: `完成 ${link.identifier}？`,
      content: '完成后这个号码不再接收验证码（不退款）。',
      okText: '完成',
      cancelText: '再想想',
      onOk: () =>
        run(
          'finish',
          () => activationApi.finish(link.id),
          () => '已完成',
        ),
    });
  const reset = () =>
    modal.confirm({
      title: `重提 ${link.identifier}？`,
      content: `重提后等待新的验证码，只接收此后到达的短信。${left === null ? '' : `剩余重提 ${left} 次。`}`,
      okText: '重提',
      cancelText: '再想想',
      onOk: () =>
        run(
          'reset',
          () => activationApi.reset(link.id),
          (r) => `已重提，等待新验证码（剩余重提 ${r.resets_left} 次）`,
        ),
    });

  const reuse = async () => {
    const price = await activationApi.price(link.goods_id);
    modal.confirm({
      title: `再次使用号码 ${link.identifier}？`,
      content: `将按商品现价${price === null ? '' : ` ${formatMoney(price)} `}再次购买同一号码，从余额扣款，得到一个新的接码号码。`,
      okText: price === null ? '确认购买' : `确认支付 ${formatMoney(price)}`,
      cancelText: '再想想',
      onOk: () =>
        run(
          'reuse',
          () => activationApi.reuse(link.id),
          (r) => {
            void refreshUserInfo();
            onReused(r.tokens[0].id);
            return `已再次使用号码，支付 ${formatMoney(r.amount)}`;
          },
        ),
    });
  };

  const buttons = [];
  if (live && hasCode && !rental) {
    buttons.push(
      <Button key="finish" type="primary" loading={busy === 'finish'} onClick={finish} data-testid="activation-finish">
        完成
      </Button>,
    );
    if (left !== 0)
      buttons.push(
        <Button key="reset" loading={busy === 'reset'} onClick={reset} data-testid="activation-reset">
          重提（再来一个码）
        </Button>,
      );
  }
  if (link.reusable && !rental) {
    buttons.push(
      <Button key="reuse" loading={busy === 'reuse'} onClick={() => void reuse()} data-testid="activation-reuse">
        再次使用此号码
      </Button>,
    );
  }
  if (link.renewable && !['refunded', 'revoked', 'finished'].includes(link.state)) {
    buttons.push(
      <Button key="renew" onClick={() => setRenewing(true)} data-testid="activation-renew">
        续费
      </Button>,
    );
  }
  if (link.state === 'active' && !hasCode && cancelIn !== null && !rental) {
    buttons.push(
      <Button key="cancel" danger loading={busy === 'cancel'} disabled={cancelIn > 0} onClick={cancel} data-testid="activation-cancel">
        {cancelIn > 0 ? `取消（${formatLeft(cancelIn)} 后可取消）` : '取消并退款'}
      </Button>,
    );
  }
  if (!buttons.length && !renewing) return null;
  return (
    <div className="activation-actions">
      {buttons}
      {renewing && (
        <Suspense fallback={null}>
          <TokenRenewDialog
            record={link}
            resource="tokens"
            label="续费"
            onDone={() => {
              setRenewing(false);
              onChanged();
            }}
            onClose={() => setRenewing(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
