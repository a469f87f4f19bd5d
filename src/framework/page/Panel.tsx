import type { ReactNode } from 'react';
import { Skeleton } from 'antd';

/**
 * A screen's panel: a head with its title and buttons, then its content. It looks like antd's Card
 * without being one: the Card brings its tabs' code (and their menu's) to every screen.
 */
export function Panel({ title, extra, loading, kind, children }: {
  title: string;
  extra?: ReactNode;
  /** A skeleton in place of the content. */
  loading?: boolean;
  /** `list`: a list's tighter padding. */
  kind?: 'list';
  children: ReactNode;
}) {
  return (
    <section className={`fw-list-card fw-panel${kind ? ` fw-panel-${kind}` : ''}`}>
      <div className="fw-panel-head">
        {/* A plain heading cut by CSS (antd's Typography ellipsis measures it, which lays the new screen out mid-drawing). */}
        <h5 className="fw-list-title" title={title}>{title}</h5>
        {extra && <div className="fw-panel-extra">{extra}</div>}
      </div>
      <div className="fw-panel-body">{loading ? <Skeleton active /> : children}</div>
    </section>
  );
}
