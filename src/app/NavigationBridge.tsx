import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { navigation } from '../providers/navigation';

/** Lets the http client (outside React) send the user to /login through the router. */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => navigation.set((path) => navigate(path, { replace: true })), [navigate]);
  return null;
}
