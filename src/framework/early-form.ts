import { useEffect, type RefObject } from 'react';

/**
 * A pre-rendered form is on screen before the app's code runs, and people type into it and submit it
 * then. Hydration keeps what was typed on screen but not in the component's state, and the submit was
 * held by the page (public/early-submit.js). The form's component takes both over when it first runs.
 */
export interface EarlyForm {
  /** Each input's value by its id, as it is on screen. */
  typed: Record<string, string>;
  /** The form was submitted before the app ran. */
  submitted: boolean;
}

declare global {
  interface Window {
    formsTaken?: boolean;
  }
}

type HeldForm = HTMLFormElement & { heldSubmit?: boolean };

/** What the form holds from before the app ran; from now on the app handles every submit. */
export function takeEarlyForm(form: HTMLFormElement): EarlyForm {
  window.formsTaken = true;
  const held = form as HeldForm;
  const submitted = held.heldSubmit === true;
  delete held.heldSubmit;
  const typed: Record<string, string> = {};
  for (const input of form.querySelectorAll<HTMLInputElement>('input[id]')) typed[input.id] = input.value;
  return { typed, submitted };
}

/** Hands the form's early input to `take` once, when the component first runs. */
export function useEarlyForm(form: RefObject<HTMLFormElement | null>, take: (early: EarlyForm) => void): void {
  useEffect(() => {
    if (form.current) take(takeEarlyForm(form.current));
    // Once, on the first run: later renders have nothing early to take.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `take` may be new on every render: with it and `form` each render would take the form again
  }, []);
}
