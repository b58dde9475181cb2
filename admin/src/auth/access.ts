/**
 * What the signed-in user may do, from the permissions the server gave with the session: the
 * admin hides what would only be refused (the server still checks every request).
 */
import { mayRead, permissionName, type PermissionAction } from '@cms/worker/contract';
import { useMemo } from 'react';
import { useSessionUser } from './Guard.tsx';

export interface Access {
  permissions: readonly string[];
  may: (module: string, action: PermissionAction) => boolean;
  /** Whether the module's screen opens: its `read` or its `list` permission. */
  mayRead: (module: string) => boolean;
}

export const accessOf = (permissions: readonly string[]): Access => ({
  permissions,
  may: (module, action) => permissions.includes(permissionName(module, action)),
  mayRead: (module) => mayRead(permissions, module),
});

export function useAccess(): Access {
  const { permissions } = useSessionUser();
  return useMemo(() => accessOf(permissions), [permissions]);
}
