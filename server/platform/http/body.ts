import type { FastifyInstance } from 'fastify';
import { AppError, Code } from './envelope.js';

/**
 * The largest body any call takes by default. The largest real one is a notice (or the contact
 * settings) of 20,000 characters of HTML: about 60 KB of Chinese text, 120 KB at most even if every
 * character took the most bytes JSON can spend on one (a 6-byte \u escape). 256 KiB leaves room
 * above that; anything larger is 413. A call that takes more (a bulk import) sets Fastify's
 * per-route `bodyLimit`, which wins over this one.
 */
export const BODY_LIMIT = 256 * 1024;

/** Objects and arrays inside one another: our bodies use 2 or 3 levels. */
export const MAX_JSON_DEPTH = 32;

/**
 * JSON bodies parsed as Fastify does (a __proto__ or constructor.prototype key refused), after a
 * linear scan that refuses nesting deeper than MAX_JSON_DEPTH: deep bodies cost the parser and every
 * walk over the result, and no form sends them. Other content types keep their own parsers.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body: string, done) => {
    if (nestedDeeperThan(body, MAX_JSON_DEPTH)) {
      done(new AppError(Code.badInput, `请求内容嵌套层数过多（最多 ${MAX_JSON_DEPTH} 层）`), undefined);
      return;
    }
    parse(request, body, done);
  });
}

/** True when brackets outside strings open more than `max` levels; malformed text is left to the parser. */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}
