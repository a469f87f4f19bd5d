import type { HTMLAttributes, ReactNode } from 'react';
import { Skeleton } from 'antd';
import '../framework.css';

/**
 * A panel of a screen: a head with its title and buttons (none without a title), then its content.
 * It looks like antd's Card without being one: the Card brings its tabs' code (and their menu's) to
 * every screen. `hoverable` lifts it under the pointer (a panel that is a link).
 */
export function Panel({
  title,
  extra,
  loading,
  kind,
  size,
  hoverable,
  className,
  children,
  ...rest
}: {
  title?: string;
  extra?: ReactNode;
  /** A skeleton in place of the content. */
  loading?: boolean;
  /** `list`: a list's tighter padding. */
  kind?: 'list';
  size?: 'small';
  hoverable?: boolean;
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, 'title'>) {
  const classes = ['fw-panel', kind && `fw-panel-${kind}`, size && `fw-panel-${size}`, hoverable && 'fw-panel-hoverable', className];
  return (
    <section className={classes.filter(Boolean).join(' ')} {...rest}>
      {title !== undefined && (
        <div className="fw-panel-head">
          {/* A plain heading cut by CSS (antd's Typography ellipsis measures it, which lays the new screen out mid-drawing). */}
          <h5 className="fw-list-title" title={title}>
            {title}
          </h5>
          {extra && <div className="fw-panel-extra">{extra}</div>}
        </div>
      )}
      <div className="fw-panel-body">{loading ? <Skeleton active /> : children}</div>
    </section>
  );
}
