import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { CopyButton } from '../../../common/CopyButton';
import type { ActivationLink } from './activation-api';
import { ActivationActions } from './ActivationActions';
import { formatLeft, useSecondsLeft } from './use-seconds-left';
import { activationStatus } from './status';
import './activation.css';

interface Props {
  link: ActivationLink;
  /** When the link was read (Date.now()), for the countdowns. */
  at: number;
  /** After an action changed the link. */
  onChanged(): void;
  /** Shown above the actions (the purchase result puts the link to hand on there). */
  extra?: ReactNode;
  /** After 再次使用此号码: the new 号码's id. */
  onReused(id: number): void;
}

/**
 * One activation, as activation sites show it: the number with copy, what it waits for and how long,
 * the code large with copy the moment it arrives and the whole SMS under it, then what can be done.
 */
export function ActivationPanel({ link, at, onChanged, extra, onReused }: Props) {
  const status = activationStatus(link);
  const refundLeft = useSecondsLeft(link.timers?.refund_in, at);
  const expiresLeft = useSecondsLeft(link.timers?.expires_in, at);
  const waiting = link.state === 'active';

  return (
    <section className="activation" data-testid="activation" data-state={link.state} aria-label={`号码 ${link.identifier}`}>
      <header className="activation-head">
        <span className="activation-product">{link.goods_id_label ?? '号码'}</span>
        <Tag color={status.color} data-testid="activation-status">{status.text}</Tag>
      </header>
      <div className="activation-number">
        <span className="activation-identifier" data-testid="activation-number">{link.identifier}</span>
        <CopyButton text={link.identifier} label="复制号码" done="号码已复制" />
      </div>
      {waiting && (
        <p className="activation-wait" role="status" data-testid="activation-wait">
          {link.resets > 0 ? '已重提，等待新验证码…' : '等待短信…'}
          {refundLeft !== null && refundLeft > 0 && <span>（{formatLeft(refundLeft)} 后未收到验证码自动退款）</span>}
        </p>
      )}
      {link.last_code && (
        <div className="activation-code">
          <span className="activation-code-value" data-testid="activation-code">{link.last_code}</span>
          <CopyButton type="primary" text={link.last_code} label="复制验证码" done="验证码已复制" />
        </div>
      )}
      {link.last_text && <Typography.Paragraph className="activation-sms" data-testid="activation-sms">{link.last_text}</Typography.Paragraph>}
      <p className="activation-meta">
        {expiresLeft !== null && expiresLeft > 0 ? <span>剩余 {formatLeft(expiresLeft)}</span> : <span>到期 {link.expires_at}</span>}
        <span>剩余接码 {link.receives_left === null ? '不限' : link.receives_left} 次</span>
        {link.last_code_at && <span>收到于 {link.last_code_at}</span>}
      </p>
      {extra}
      <ActivationActions link={link} at={at} onChanged={onChanged} onReused={onReused} />
    </section>
  );
}
