/** How the admin's data cache asks and sends: one setting for the admin and its component tests. */
import { QueryClient } from '@tanstack/react-query';

export const adminQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      // No retries here: the API client already retries dropped connections, and an answered error stays an error.
      queries: { retry: false, refetchOnWindowFocus: false },
      // A write is sent even while the browser counts itself offline: it fails at once with the
      // connection message and the form keeps what was typed. Held back, it would wait unseen
      // behind a busy button, and leaving the form then would ask nothing.
      mutations: { networkMode: 'always' },
    },
  });
