/**
 * Where code outside React (the http client) sends the user, e.g. to /login when the session is
 * gone. The router replaces the default (a full page load) with its navigate. Kept apart from the
 * toasts so the first screen does not load antd's message and notification.
 */
let goTo: (path: string) => void = (path) => {
  window.location.assign(path);
};
/** A full page load: what switching accounts ends with (the console starts again as the other account). */
let loadPage: (path: string) => void = (path) => {
  window.location.assign(path);
};

export const navigation = {
  go: (path: string) => goTo(path),
  set: (fn: (path: string) => void) => {
    goTo = fn;
  },
  load: (path: string) => loadPage(path),
  /** Tests: jsdom cannot load pages. */
  setLoad: (fn: (path: string) => void) => {
    loadPage = fn;
  },
};
