/*
 * Sends the calls a console screen makes first while the app's code is still on its way (seconds on a
 * slow phone). The screen's page names them for each role (<meta name="first-calls">, written by
 * scripts/prerender.mjs for the address without a query); the app's http client takes each answer
 * for the identical call (src/providers/http.ts) and handles it as its own: the same headers, the same
 * key (token, method, URL, body). The session is the app's: localStorage `token` and `type`.
 */
(() => {
  // The app's code ran first (this script came late): it has made these calls itself.
  if (window.appCalling) return;
  const meta = document.querySelector('meta[name="first-calls"]');
  let token;
  let type;
  try {
    token = localStorage.getItem('token');
    type = localStorage.getItem('type');
  } catch {
    return; // no storage, no session
  }
  if (!meta || !token || !type || window.location.search) return;
  const calls = JSON.parse(meta.content)[type === 'sup' ? 'sup' : 'customer'] || [];
  const started = {};
  for (const { method, url, body } of calls) {
    const headers = { Accept: 'application/json, text/plain, */*', Authorization: `Bearer ${token}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = fetch(url, { method, headers, body });
    response.catch(() => undefined); // the app's call reports a failure, if it takes this one
    started[`${token} ${method} ${url} ${body === undefined ? '' : body}`] = { at: performance.now(), response };
  }
  window.firstCalls = started;
})();
