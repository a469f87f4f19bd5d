import { linkStateOptions } from '../../link-states';
import type { ActivationLink } from './activation-api';

const OPTIONS: Record<string, { label: string; color?: string }> = linkStateOptions;

/** What the panel's tag says of a link: the list's word for its state, and a reset link says so. */
export function activationStatus(link: Pick<ActivationLink, 'state' | 'resets'>): { text: string; color: string } {
  if (link.state === 'active' && link.resets > 0) return { text: '已重提', color: 'blue' };
  const option = OPTIONS[link.state];
  return { text: option?.label ?? link.state, color: option?.color ?? 'default' };
}
