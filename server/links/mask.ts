/** `/api/code/Ab3…` instead of the whole link token, for logs. */
export function maskLinkTokens(url: string | undefined): string | undefined {
  return url?.replace(/(\/(?:api\/code|c)\/)([A-Za-z0-9_-]{4})[A-Za-z0-9_-]*/g, '$1$2…');
}
