import { useCallback, useTransition } from 'react';
import { useNavigate } from 'react-router';

/**
 * Opening another screen. The router changes the address at once but keeps the current screen up
 * until the next one's code has loaded; `opening` turns true in the same task as the address, so the
 * screen can step aside at once and its fields never take typing meant for the screen being opened.
 */
export function useOpen(): { opening: boolean; open(to: string): void } {
  const navigate = useNavigate();
  const [opening, startOpening] = useTransition();
  const open = useCallback(
    (to: string) =>
      startOpening(() => {
        void navigate(to);
      }),
    [navigate],
  );
  return { opening, open };
}
