import { useState, type MouseEvent } from 'react';
import { later } from '../later';

const tooltipCode = later(() => import('antd/es/tooltip'));

/**
 * One line of text cut with an ellipsis; the whole text shows in a tooltip when it was cut. The
 * tooltip is only built once the pointer reaches a cut text (its code fetched when the page is quiet,
 * or then): a list of many cells stays cheap.
 */
export function EllipsisText({ text }: { text: string }) {
  const Tooltip = tooltipCode.use()?.default;
  const [cut, setCut] = useState(false);
  const check = (event: MouseEvent<HTMLSpanElement>) => {
    const el = event.currentTarget.firstElementChild as HTMLElement | null;
    if (cut || !el || el.scrollWidth <= el.clientWidth) return;
    setCut(true);
    tooltipCode.load().catch(() => undefined);
  };
  const line = <span className="fw-ellipsis">{text}</span>;
  return (
    <span className="fw-ellipsis-box" onMouseEnter={check}>
      {cut && Tooltip ? (
        <Tooltip title={text} defaultOpen placement="topLeft" styles={{ root: { maxWidth: 480 } }}>
          {line}
        </Tooltip>
      ) : (
        line
      )}
    </span>
  );
}
