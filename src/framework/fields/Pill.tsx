const PRESETS = new Set(['blue', 'green', 'red', 'orange', 'purple', 'gold', 'cyan', 'magenta', 'volcano', 'geekblue', 'lime', 'default']);

/** A tag-looking value (an enum's label, 是/否): a styled span; a colour not in antd's presets is used as given. */
export function Pill({ color, children }: { color?: string; children: string }) {
  if (!color || PRESETS.has(color)) return <span className={`fw-tag${color ? ` fw-tag-${color}` : ''}`}>{children}</span>;
  return (
    <span className="fw-tag" style={{ color, borderColor: color, background: '#fff' }}>
      {children}
    </span>
  );
}
