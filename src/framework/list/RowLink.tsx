import type { ButtonHTMLAttributes, Ref } from 'react';

/**
 * A row action: a plain button that looks like a link. The framework's own actions and the ones an
 * app registers use it, so a page of rows draws quickly (an antd Button per action is not cheap).
 */
export function RowLink({ danger, className, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { danger?: boolean; ref?: Ref<HTMLButtonElement> }) {
  return <button type="button" className={`fw-link${danger ? ' fw-link-danger' : ''}${className ? ` ${className}` : ''}`} {...props} />;
}
