import { Button, InputNumber } from 'antd';
import { useState } from 'react';
import { formatMoney } from '../../../common/money';

interface Props {
  /** Cents above which a purchase asks first; null: never. */
  cents: number | null;
  onChange(cents: number | null): void;
}

/**
 * One line under the figures: when a purchase still asks before paying, and 修改 to change it (an
 * amount in dollars; empty: never ask). Saved for this account in this browser.
 */
export function ConfirmAbove({ cents, onChange }: Props) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<number | null>(cents === null ? null : cents / 100);

  if (!editing) {
    return (
      <div className="buy-confirm-above" data-testid="buy-confirm-above">
        <span>{cents === null ? '购买时不再二次确认' : `单笔超过 ${formatMoney(cents / 100)} 时，支付前再确认一次`}</span>
        <Button
          type="link"
          size="small"
          onClick={() => {
            setValue(cents === null ? null : cents / 100);
            setEditing(true);
          }}
        >
          修改
        </Button>
      </div>
    );
  }
  const save = () => {
    onChange(value === null ? null : Math.round(value * 100));
    setEditing(false);
  };
  return (
    <div className="buy-confirm-above buy-confirm-above-edit">
      <label className="buy-row">
        <span className="buy-label">单笔超过</span>
        <InputNumber
          aria-label="单笔超过此金额时再确认"
          prefix="$"
          min={0}
          precision={2}
          step={1}
          value={value}
          placeholder="不确认"
          onChange={(v) => setValue(typeof v === 'number' ? v : null)}
          onPressEnter={save}
          autoFocus
          style={{ width: 120 }}
        />
        <span className="buy-label">时再确认</span>
      </label>
      <div className="buy-confirm-above-actions">
        <Button size="small" type="primary" onClick={save}>
          保存
        </Button>
        <Button size="small" onClick={() => setEditing(false)}>
          收起
        </Button>
      </div>
      <div className="buy-hint">留空则购买时从不二次确认；只保存在这台设备的浏览器中。</div>
    </div>
  );
}
