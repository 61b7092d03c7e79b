import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Reads are idempotent, and docs/product.md "API calls" retries idempotent requests never; the API client owns
      // the retry-once rule for the other requests.
      retry: false,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
