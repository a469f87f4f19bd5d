import { stripTags } from '../../common/SafeHtml';

export const NOTICE_TITLE_MAX = 20;

/** The first `max` characters (code points, so no emoji is split) plus '...' when longer. */
export function cutText(text: string, max = NOTICE_TITLE_MAX): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

/** A notice's line in the list: its title, or its content without tags, cut at 20 characters. */
export function noticeTitle(notice: { title?: string | null; content?: string | null }): string {
  const title = notice.title?.trim();
  return cutText(title || stripTags(notice.content));
}

/** The date part of `YYYY-MM-DD HH:mm:ss`. */
export function noticeDate(createAt: string | null | undefined): string {
  return (createAt ?? '').slice(0, 10);
}
