import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { roleOf } from '../../resources.config';
import { useAuthState } from '../providers/use-auth-state';
import { documentTitle, screenName } from './screen-title';

/** Names the current screen in the browser's tab (and for screen readers and history): `我的API - 接码平台`. */
export default function DocumentTitle() {
  const { pathname } = useLocation();
  const { type } = useAuthState();
  const name = screenName(pathname, roleOf(type));
  useEffect(() => {
    if (name) document.title = documentTitle(name);
  }, [name]);
  return null;
}
