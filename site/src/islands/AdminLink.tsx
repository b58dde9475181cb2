import { ADMIN_STORAGE } from '@cms/worker/contract';
import { useEffect, useState } from 'react';

/** The header's 'Admin Panel' link, shown when this browser holds the admin marker. */
export default function AdminLink() {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    try {
      setSignedIn(!!localStorage.getItem(ADMIN_STORAGE.marker));
    } catch {
      // storage blocked: no link
    }
  }, []);
  return signedIn ? (
    <a className="admin-link" href="/admin">
      Admin Panel
    </a>
  ) : null;
}
