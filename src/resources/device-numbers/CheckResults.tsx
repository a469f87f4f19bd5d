import { useEffect, useRef, useState } from 'react';
import { Alert, Progress, Tag } from 'antd';
import { CopyValue } from '../../framework/fields/CopyValue';
import { CopyButton } from '../../common/CopyButton';
import { readChecks, smsHref, type CheckAnswer, type CheckRow } from './check-api';
import './check.css';

/** How often the open dialog asks where the checks stand (the operator is sending SMS meanwhile). */
const POLL_MS = 3000;

/**
 * The numbers being checked, each with its code and where its SMS arrived. The list asks the server
 * again every few seconds while a number still waits; a number whose SMS came in on another device
 * than the one being checked says so.
 */
export function CheckResults({ answer, deviceId }: { answer: CheckAnswer; deviceId?: number }) {
  const [rows, setRows] = useState<CheckRow[]>(answer.list);
  const waiting = rows.some((r) => r.state === 'checking');
  const ids = useRef(answer.list.map((r) => r.id));

  useEffect(() => {
    if (!waiting) return undefined;
    let live = true;
    const timer = window.setInterval(() => {
      readChecks(ids.current).then(
        (r) => live && setRows(r.list),
        () => undefined,
      );
    }, POLL_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [waiting]);

  const done = rows.filter((r) => r.state === 'confirmed').length;
  const lines = rows.filter((r) => r.check_code).map((r) => `${r.identifier}\t${r.check_code}`);
  return (
    <div className="number-check">
      <Alert
        type="info"
        showIcon
        message="给下面每个号码发一条短信，内容就是它的核对码"
        description={
          <>
            用卡池里的另一张卡，或你自己的手机发送都可以。短信到达哪台设备的哪个卡槽，系统就记下这个号码在那里；核对短信不会交给客户。
            {answer.valid_until && <>核对码在 {answer.valid_until} 前有效。</>}
          </>
        }
      />
      <div className="number-check-progress" role="status" aria-live="polite">
        <span>
          已确认 {done} / {rows.length}
        </span>
        <Progress percent={rows.length ? Math.round((done / rows.length) * 100) : 0} showInfo={false} size="small" />
      </div>
      {lines.length > 1 && <CopyButton text={lines.join('\n')} label="复制全部号码和核对码" done="号码和核对码已复制" size="small" />}
      <ul className="number-check-list" aria-label="核对的号码">
        {rows.map((r) => (
          <li key={r.id} className="number-check-item" data-testid="number-check-item">
            <div className="number-check-number">
              <CopyValue text={r.identifier} />
            </div>
            <div className="number-check-code">
              {r.check_code ? (
                <>
                  核对码 <CopyValue text={r.check_code} />
                </>
              ) : (
                <span className="number-check-none">核对码已失效，请重新核对</span>
              )}
            </div>
            <div className="number-check-state">
              <StateTag row={r} deviceId={deviceId} />
              {r.state === 'checking' && r.check_code && (
                <a className="number-check-sms" href={smsHref(r.identifier, r.check_code)}>
                  发短信
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function StateTag({ row, deviceId }: { row: CheckRow; deviceId?: number }) {
  if (row.state === 'checking') return <Tag color="blue">等待短信</Tag>;
  if (row.state === 'confirmed') {
    const where = `${row.device_name ?? '未知设备'}${row.slot_text ? ` ${row.slot_text}` : ''}`;
    const elsewhere = deviceId !== undefined && row.device_id !== deviceId;
    return <Tag color={elsewhere ? 'orange' : 'green'}>{elsewhere ? `在其他设备：${where}` : `已确认：${where}`}</Tag>;
  }
  return <Tag color="orange">未确认</Tag>;
}
