import { Suspense, useState, type ButtonHTMLAttributes, type ReactNode, type Ref } from 'react';

/**
 * A row action: a plain button that looks like a link. The framework's own actions and the ones an
 * app registers use it, so a page of rows draws quickly (an antd Button per action is not cheap).
 */
export function RowLink({
  danger,
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { danger?: boolean; ref?: Ref<HTMLButtonElement> }) {
  return <button type="button" className={`fw-link${danger ? ' fw-link-danger' : ''}${className ? ` ${className}` : ''}`} {...props} />;
}

/**
 * A row link that opens a dialog. The dialog (a lazy component, a form, a modal) is built when it is
 * opened, not once per row of the list; `dialog` gets the function that closes it.
 */
export function RowDialogLink({ label, danger, dialog }: { label: ReactNode; danger?: boolean; dialog(close: () => void): ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowLink danger={danger} onClick={() => setOpen(true)}>
        {label}
      </RowLink>
      {open && <Suspense fallback={null}>{dialog(() => setOpen(false))}</Suspense>}
    </>
  );
}
