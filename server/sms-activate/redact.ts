/**
 * An SMS-Activate key travels in the query string (`api_key=`): request lines name it shortened to
 * its prefix and 4 characters, like API link tokens, so a log can tell keys apart but never holds one.
 */
export function redactApiKeys(url: string | undefined): string | undefined {
  return url?.replace(/([?&]api_key=)([^&#]{0,8})[^&#]*/gi, (_m, name: string, head: string) => `${name}${head.slice(0, 8)}…`);
}
