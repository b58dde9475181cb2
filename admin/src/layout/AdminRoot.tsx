/** The signed-in admin: the session check and the layout. Loaded only under /admin. */
import { Guard } from '../auth/Guard.tsx';
import AdminLayout from './AdminLayout.tsx';

export default function AdminRoot() {
  return (
    <Guard>
      <AdminLayout />
    </Guard>
  );
}
