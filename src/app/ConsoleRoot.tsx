import { Refine } from '@refinedev/core';
import { UnsavedChangesNotifier } from '@refinedev/react-router';
import { resources, type ResourceDef } from '../../resources.config';
import RequireAuth from '../layout/RequireAuth';
import Shell from '../layout/Shell';
import { accessControlProvider } from '../providers/access-control';
import { authProvider } from '../providers/auth-provider';
import { refineSetup } from './refine-setup';
import './icons';

const setup = refineSetup(resources as Record<string, ResourceDef>);

/**
 * Refine and everything behind the login: loaded only once a guarded route is opened, so the open
 * screens (login, register, store) do not carry Refine and its query cache.
 */
export default function ConsoleRoot() {
  return (
    <Refine {...setup} authProvider={authProvider} accessControlProvider={accessControlProvider}>
      <RequireAuth>
        <Shell />
      </RequireAuth>
      {/* Asks before leaving a form with unsaved changes (in-app navigation and closing the tab). */}
      <UnsavedChangesNotifier message="有未保存的修改，确定要离开吗？" />
    </Refine>
  );
}
