import type { ReactNode } from 'react';
import type { AccessRule } from './declaration';
import { Outcome } from './Outcome';
import { roleOf } from './declaration';
import { permits, useGrants, useRole } from './use-role';

/** A screen the role may not open says so (the server refuses its calls either way). */
export function Allowed({ rule, children }: { rule: AccessRule | 'public' | undefined; children: ReactNode }) {
  const role = roleOf(useRole());
  useGrants();
  if (permits(rule, role)) return <>{children}</>;
  return <Outcome status="403" title="没有权限" subTitle="当前账号无权访问此页面" />;
}
