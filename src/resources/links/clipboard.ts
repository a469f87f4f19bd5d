/** A link as customers hand it on: `identifier----link`, one per line. */
export const linkLine = (r: { identifier?: string; url?: string }) => `${r.identifier ?? ''}----${r.url ?? ''}`;
