/** The app's TanStack Query client: no retries on 4xx answers, no refetch on window focus. */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}
