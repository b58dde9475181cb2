/** The two local storage entries of a signed-in admin, and the rules that make them valid. */
import { ADMIN_STORAGE, type SessionUser } from '@cms/worker/contract/api';

export interface StoredUser {
  id: string;
  username: string;
}

/** The stored user, or null when the marker is missing or the user lacks an id or username. */
export function storedUser(): StoredUser | null {
  try {
    if (!localStorage.getItem(ADMIN_STORAGE.marker)) return null;
    const user = JSON.parse(localStorage.getItem(ADMIN_STORAGE.user) ?? 'null') as Partial<StoredUser> | null;
    return user && typeof user.id === 'string' && user.id && typeof user.username === 'string' && user.username ? { id: user.id, username: user.username } : null;
  } catch {
    return null;
  }
}

export function remember(user: SessionUser) {
  localStorage.setItem(ADMIN_STORAGE.user, JSON.stringify({ id: user.id, username: user.username, fullName: user.fullName }));
  localStorage.setItem(ADMIN_STORAGE.marker, 'true');
}

export function forget() {
  localStorage.removeItem(ADMIN_STORAGE.user);
  localStorage.removeItem(ADMIN_STORAGE.marker);
}
