import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Where to go back to: the route the header's reload came from, else the previous entry, else /home. */
export function refreshTarget(state: unknown, historyIndex: number | undefined): string | -1 {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('/refresh')) return from;
  return historyIndex && historyIndex > 0 ? -1 : '/home';
}

/** An empty page that returns to the previous route, remounting it (the header's reload). */
export default function RefreshPage() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const target = refreshTarget(location.state, (window.history.state as { idx?: number } | null)?.idx);
    if (target === -1) navigate(-1);
    else navigate(target, { replace: true });
  }, [navigate, location.state]);
  return null;
}
