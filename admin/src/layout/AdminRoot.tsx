/**
 * The signed-in admin: its query cache, the session check and the layout. Loaded only under
 * /admin, so the login page ships none of it.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Guard } from '../auth/Guard.tsx';
import AdminLayout from './AdminLayout.tsx';

// No retries here: the API client already retries dropped connections, and an answered error stays an error.
const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

export default function AdminRoot() {
  return (
    <QueryClientProvider client={client}>
      <Guard>
        <AdminLayout />
      </Guard>
    </QueryClientProvider>
  );
}
