import type { FastifyReply } from 'fastify';

/**
 * Whether a path the built console does not hold asks for a file rather than a screen: anything
 * under /assets/, or a last segment with an extension (/favicon.ico, /x.png). Such a request gets a
 * 404: given the console's index.html instead, a page of an older build asking for its screen's
 * script would run HTML as JavaScript and go blank. Screens' addresses have no extension.
 */
export function asksForFile(pathname: string): boolean {
  if (pathname.startsWith('/assets/')) return true;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]+$/.test(last);
}

/**
 * The answer to a file the build does not hold: a short 404, not cached (the next build may hold it).
 * Browsers ask for /favicon.ico by themselves: a build without one answers "no icon" (204) rather
 * than an error in every page's console.
 */
export function sendMissingFile(reply: FastifyReply, pathname: string) {
  if (pathname === '/favicon.ico') return reply.status(204).header('Cache-Control', 'public, max-age=86400').send();
  return reply.status(404).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('文件不存在');
}
