import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useHydrated } from '../common/use-hydrated';
import { useAuthState } from '../providers/use-auth-state';

/**
 * /store is the public store; a logged-in user gets the console's store instead, once the page sent
 * for visitors has been hydrated (drawing nothing in its place would not match it).
 */
export default function StoreGate({ children }: { children: ReactNode }) {
  const { token } = useAuthState();
  const hydrated = useHydrated();
  if (token && hydrated) return <Navigate to="/items/store" replace />;
  return <>{children}</>;
}
