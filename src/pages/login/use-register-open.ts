import { useEffect, useState } from 'react';
import { api } from '../../providers/http';

/**
 * Whether self-registration is open (the sup's 开放注册 switch, on the public /api/config/index).
 * True until the answer says otherwise, as it is by default, so the pre-rendered login page
 * hydrates unchanged.
 */
export function useRegisterOpen(): boolean {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    let live = true;
    api
      .get<{ register_open?: boolean }>('/api/config/index', undefined, { silent: true })
      .then((config) => {
        if (live) setOpen(config?.register_open !== false);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return open;
}
