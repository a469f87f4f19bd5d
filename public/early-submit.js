/*
 * A pre-rendered form is on screen before the app's code has run (seconds on a slow phone), and people
 * submit it then: a quick tap, a password manager's fill-and-submit. Such a submit is held here, not
 * sent: the form's component takes it over once it runs (src/framework/early-form.ts) and sends it
 * with what was typed. Once the app has taken a form over, submits are the app's alone.
 */
(() => {
  document.addEventListener('submit', (event) => {
    if (window.formsTaken || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.target.heldSubmit = true;
  }, true);
})();
