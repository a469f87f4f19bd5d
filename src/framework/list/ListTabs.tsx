import type { KeyboardEvent } from 'react';
import type { ListTab } from '../declaration';

/**
 * A list's tabs (declared `tabs`): one row of tabs above the filters, the chosen one underlined.
 * Plain buttons in a tablist (antd's Tabs measures and animates, which a list's first paint does not need).
 */
export function ListTabs({ tabs, current, onChange }: { tabs: readonly ListTab[]; current?: string; onChange(key: string): void }) {
  const onKeyDown = (event: KeyboardEvent) => {
    const at = tabs.findIndex((t) => t.key === current);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = tabs[(at + step + tabs.length) % tabs.length];
    onChange(next.key);
    (event.currentTarget.querySelector(`[data-tab="${next.key}"]`) as HTMLElement | null)?.focus();
  };
  return (
    <div className="fw-list-tabs" role="tablist" aria-label="列表范围" onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const on = tab.key === current;
        return (
          <button
            key={tab.key}
            type="button"
            role="tab"
            data-tab={tab.key}
            aria-selected={on}
            tabIndex={on ? 0 : -1}
            className={`fw-list-tab${on ? ' fw-list-tab-on' : ''}`}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
