import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AuthActionResponse } from '@refinedev/core';

/**
 * Runs an authProvider action (login, register) and follows its redirect. The open screens use it
 * instead of Refine's hooks so /login does not load Refine at all; the action's code (the http
 * client) is loaded on submit, after the form has painted.
 */
export function useAuthAction<T>(load: () => Promise<(values: T) => Promise<AuthActionResponse>>) {
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const mutate = async (values: T) => {
    setPending(true);
    try {
      const action = await load();
      const result = await action(values);
      if (result.success && result.redirectTo) navigate(result.redirectTo, { replace: true });
    } finally {
      setPending(false);
    }
  };
  return { mutate, isPending };
}
