import { SafeHtml } from './SafeHtml';
import { useSiteDetails } from './site';

/** A reseller's notice (its site's, `GET /api/site`): nothing on the main site or while it loads, nothing when empty. */
export default function SiteNotice({ className }: { className?: string }) {
  const { details } = useSiteDetails();
  if (!details?.notice) return null;
  return (
    <section className={className} aria-label="公告" data-testid="site-notice">
      <SafeHtml html={details.notice} />
    </section>
  );
}
