import type { SessionUser } from '@cms/worker/contract/api';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { getJson } from '../api/client.ts';
import { forget, storedUser } from './session.ts';

const UserContext = createContext<SessionUser | null>(null);
export const useSessionUser = () => useContext(UserContext)!;
/** Gives screens a signed-in user without the server (component tests). */
export const SessionUserProvider = UserContext.Provider;

/** Admin screens need a valid stored session, confirmed by the server; otherwise both entries are cleared and /login opens. */
export function Guard({ children }: { children: ReactNode }) {
  const stored = storedUser();
  const me = useQuery({ queryKey: ['me'], queryFn: async () => (await getJson<SessionUser>('/auth/me')).data, enabled: !!stored, retry: false });
  if (!stored || me.isError) {
    forget();
    return <Navigate to="/login" replace />;
  }
  if (!me.data) return <p className="loading">Memuat...</p>;
  return <UserContext.Provider value={me.data}>{children}</UserContext.Provider>;
}
