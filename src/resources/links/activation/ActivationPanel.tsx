import { Tag, Typography } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { CopyButton } from '../../../common/CopyButton';
import type { ActivationLink } from './activation-api';
import { ActivationActions } from './ActivationActions';
import { formatLeft, useSecondsLeft } from '../../../framework/list/countdown';
import { activationStatus } from './status';
import { numberParts } from './number-parts';
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
  /** Put the keyboard on 复制号码 once drawn (the panel a purchase has just shown): what a buyer does next. */
  focusCopy?: boolean;
}

/**
 * One activation, as activation sites show it: the number as `+62 | 9007934838` with 复制号码 and
 * 复制(不含区号), what it waits for and how long, the code large with copy the moment it arrives and
 * the whole SMS under it, then what can be done, right under the code.
 */
export function ActivationPanel({ link, at, onChanged, extra, onReused, focusCopy }: Props) {
  const status = activationStatus(link);
  const refundLeft = useSecondsLeft(link.timers?.refund_in ?? null, at);
  const expiresLeft = useSecondsLeft(link.timers?.expires_in ?? null, at);
  const waiting = link.state === 'active';
  const number = numberParts(link.identifier, link.country);
  const mailbox = link.identifier.includes('@');
  const numberRow = useRef<HTMLDivElement>(null);
  const codeRow = useRef<HTMLDivElement>(null);
  const shownCode = useRef(link.last_code);

  useEffect(() => {
    if (focusCopy) numberRow.current?.querySelector('button')?.focus();
  }, [focusCopy]);
  // A code that arrives while the panel is open brings the code and 完成 into view (a phone shows only part of the dialog).
  useEffect(() => {
    if (!link.last_code || link.last_code === shownCode.current) return;
    shownCode.current = link.last_code;
    codeRow.current?.parentElement?.querySelector('.activation-actions')?.scrollIntoView({ block: 'nearest' });
  }, [link.last_code]);

  return (
    <section className="activation" data-testid="activation" data-state={link.state} aria-label={`号码 ${link.identifier}`}>
      <header className="activation-head">
        <span className="activation-product">{link.goods_id_label ?? '号码'}</span>
        <Tag color={status.color} data-testid="activation-status">
          {status.text}
        </Tag>
      </header>
      <div className="activation-number" ref={numberRow}>
        <span className="activation-identifier" data-testid="activation-number">
          {number.prefix ? (
            <>
              <span className="activation-prefix">{number.prefix}</span>
              <span className="activation-bar" aria-hidden>
                {' | '}
              </span>
              <span>{number.national}</span>
            </>
          ) : (
            number.whole
          )}
        </span>
        <span className="activation-copies">
          <CopyButton text={number.whole} label={mailbox ? '复制邮箱' : '复制号码'} done={`已复制 ${number.whole}`} />
          {number.prefix && <CopyButton text={number.national} label="复制(不含区号)" done={`已复制 ${number.national}（不含区号）`} />}
        </span>
      </div>
      {waiting && (
        <p className="activation-wait" role="status" data-testid="activation-wait">
          {link.resets > 0 ? '已重提，等待新验证码…' : mailbox ? '等待邮件…' : '等待短信…'}
          {refundLeft !== null && refundLeft > 0 && <span>（{formatLeft(refundLeft)} 后未收到验证码自动退款）</span>}
        </p>
      )}
      {link.last_code && (
        <div className="activation-code" ref={codeRow}>
          <span className="activation-code-value" data-testid="activation-code">
            {link.last_code}
          </span>
          <CopyButton type="primary" text={link.last_code} label="复制验证码" done="验证码已复制" />
        </div>
      )}
      {link.last_text && (
        <Typography.Paragraph className="activation-sms" data-testid="activation-sms">
          {link.last_text}
        </Typography.Paragraph>
      )}
      <ActivationActions link={link} at={at} onChanged={onChanged} onReused={onReused} />
      <p className="activation-meta">
        {expiresLeft !== null && expiresLeft > 0 ? <span>剩余 {formatLeft(expiresLeft)}</span> : <span>到期 {link.expires_at}</span>}
        <span>剩余接码 {link.receives_left === null ? '不限' : link.receives_left} 次</span>
        {link.last_code_at && <span>收到于 {link.last_code_at}</span>}
      </p>
      {extra}
    </section>
  );
}
