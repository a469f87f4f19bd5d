import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuthState } from '../providers/use-auth-state';

/** /store is the public store; a logged-in user gets the console's store instead. */
export default function StoreGate({ children }: { children: ReactNode }) {
  const { token } = useAuthState();
  if (token) return <Navigate to="/items/store" replace />;
  return <>{children}</>;
}
