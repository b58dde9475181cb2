/** Component tests: a screen as a signed-in user with these permissions sees it. */
import { actionsOf, PERMISSION_MODULES, permissionName } from '@cms/worker/contract';
import type { ReactNode } from 'react';
import { SessionUserProvider } from '../auth/Guard.tsx';

/** Every permission there is, as the Super Admin holds. */
export const EVERY_PERMISSION = PERMISSION_MODULES.flatMap((module) => actionsOf(module).map((action) => permissionName(module, action)));

export function SignedIn({ permissions = EVERY_PERMISSION, children }: { permissions?: readonly string[]; children: ReactNode }) {
  return (
    <SessionUserProvider value={{ id: 'u1', _id: 'u1', username: 'staf', email: 'staf@example.org', fullName: 'Staf', avatar: '', role: null, permissions: [...permissions] }}>
      {children}
    </SessionUserProvider>
  );
}
