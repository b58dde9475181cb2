import type { SessionUser } from '@cms/worker/contract/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { getJson } from '../api/client.ts';
import { forget, storedUser } from './session.ts';

const UserContext = createContext<SessionUser | null>(null);
export const useSessionUser = () => useContext(UserContext)!;
/** Gives screens a signed-in user without the server (component tests). */
export const SessionUserProvider = UserContext.Provider;

/**
 * The signed-in user as the server confirms it; asked for by the router as the admin's chunks load
 * (AdminApp.tsx). An answer up to 30 s old is not asked for again when the check mounts.
 */
export const sessionQuery = queryOptions({ queryKey: ['me'], queryFn: async () => (await getJson<SessionUser>('/auth/me')).data, retry: false, staleTime: 30_000 });

/** Admin screens need a valid stored session, confirmed by the server; otherwise both entries are cleared and /login opens. */
export function Guard({ children }: { children: ReactNode }) {
  const stored = storedUser();
  const me = useQuery({ ...sessionQuery, enabled: !!stored });
  if (!stored || me.isError) {
    forget();
    return <Navigate to="/login" replace />;
  }
  if (!me.data) return <p className="loading">Memuat...</p>;
  return <UserContext.Provider value={me.data}>{children}</UserContext.Provider>;
}
