/** How a phone's clock reads against ours, in the words the device screen shows. */

function span(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} 分钟`;
  return m ? `${h} 小时 ${m} 分` : `${h} 小时`;
}

/** The learned zone offset (send time − local receive time): positive, the phone's local time is behind. */
export function zoneText(offsetMs: number | null): string {
  if (offsetMs === null) return '未知（尚无短信）';
  if (offsetMs === 0) return '与业务时区相同';
  return `${offsetMs > 0 ? '慢' : '快'} ${span(offsetMs)}`;
}

/** The absolute skew at the last message (server's now − signed timestamp): positive, the phone is behind. */
export function skewText(skewMs: number | null): string {
  if (skewMs === null) return '未知（尚无短信）';
  const seconds = Math.round(Math.abs(skewMs) / 1000);
  if (seconds < 2) return '准确';
  const amount = seconds < 120 ? `${seconds} 秒` : span(skewMs);
  return `${skewMs > 0 ? '慢' : '快'} ${amount}`;
}
