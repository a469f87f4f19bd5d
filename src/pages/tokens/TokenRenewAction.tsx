import { lazy, Suspense, useState } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';
import { tokenActionShows } from './states';

const TokenRenewDialog = lazy(() => import('./TokenRenewDialog'));

/** 续费 on a link that has not ended and whose product can be renewed (the server also refuses links past their grace day). */
export default function TokenRenewAction(props: RowActionProps) {
  const [open, setOpen] = useState(false);
  if (!tokenActionShows.renew(props.record)) return null;
  return (
    <>
      <RowLink onClick={() => setOpen(true)}>{props.label}</RowLink>
      {open && <Suspense fallback={null}><TokenRenewDialog {...props} onClose={() => setOpen(false)} /></Suspense>}
    </>
  );
}
