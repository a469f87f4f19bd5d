import type { FastifyInstance } from 'fastify';

/** A login form is two short fields; anything larger is not one. */
export const LOGIN_FORM_LIMIT = 8 * 1024;

/**
 * The pre-rendered /login form (scripts/prerender.mjs) says method="post" action="/login" so that a
 * submit the page's script could not hold for the app (public/early-submit.js: not yet arrived, or
 * scripts off) never puts the password in the address (history, logs). Such a submit is answered
 * 204: the browser stays on the page as it is, what was typed still in the form. The body is read
 * (to its limit) and dropped: never parsed, stored or logged. Its own plugin scope, so these body
 * parsers concern this route alone.
 */
export function registerLoginForm(app: FastifyInstance): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LOGIN_FORM_LIMIT }, (_request, _body, done) => done(null, undefined));
    // A browser shows this page itself: plain text and a real status, not the API's envelope.
    scope.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
      const status = error.statusCode === 413 ? 413 : 400;
      return reply
        .status(status)
        .type('text/plain; charset=utf-8')
        .send(status === 413 ? '请求内容过大' : '请求格式不正确');
    });
    scope.post('/login', { bodyLimit: LOGIN_FORM_LIMIT }, (_request, reply) => reply.status(204).send());
  });
}
