import { Button, Checkbox } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { ClickPopover } from '../ClickPopup';
import { RowLink } from './RowLink';

/**
 * 列设置: a box per column the list may show, ticked for those it shows, and 恢复默认 (the declared
 * columns). The last ticked box cannot be cleared: a list shows at least one column.
 */
export function ColumnSettings({
  columns,
  visible,
  defaults,
  narrow,
  onChange,
}: {
  columns: { name: string; label: string }[];
  visible: string[];
  defaults: string[];
  narrow: boolean;
  onChange(visible: string[]): void;
}) {
  const isDefault = visible.length === defaults.length && defaults.every((n) => visible.includes(n));
  const toggle = (name: string, on: boolean) => onChange(columns.map((c) => c.name).filter((n) => (n === name ? on : visible.includes(n))));
  const content = (
    <div className="fw-column-settings" role="group" aria-label="显示的列">
      <div className="fw-column-list">
        {columns.map((c) => {
          const shown = visible.includes(c.name);
          return (
            <Checkbox
              key={c.name}
              checked={shown}
              disabled={shown && visible.length === 1}
              onChange={(e) => toggle(c.name, e.target.checked)}
            >
              {c.label}
            </Checkbox>
          );
        })}
      </div>
      <div className="fw-column-settings-foot">
        <RowLink disabled={isDefault} onClick={() => onChange(defaults)}>
          恢复默认
        </RowLink>
      </div>
    </div>
  );
  return (
    <ClickPopover placement="bottomRight" title="列设置" content={content}>
      <Button icon={<SettingOutlined />} aria-label="列设置">
        {narrow ? null : '列设置'}
      </Button>
    </ClickPopover>
  );
}
