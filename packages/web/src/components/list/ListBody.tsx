/**
 * The states of a list's body, the same on every list: a loader while the first page loads, an
 * alert when it could not be loaded (a failed refetch keeps the rows shown), the empty text, or the
 * table.
 */
import { Alert, Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  isPending: boolean;
  error: Error | null;
  hasData: boolean;
  empty: boolean;
  /** 'Loading projects' (the loader's accessible name). */
  loadingLabel: string;
  /** 'The projects could not be loaded'. */
  errorTitle: string;
  emptyText: string;
  children: ReactNode;
}

export function ListBody({
  isPending,
  error,
  hasData,
  empty,
  loadingLabel,
  errorTitle,
  emptyText,
  children,
}: Props) {
  if (isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={loadingLabel} />
      </Center>
    );
  }
  if (error && !hasData) {
    return (
      <Alert color="red" title={errorTitle}>
        {error.message}
      </Alert>
    );
  }
  if (empty) {
    return (
      <Text c="dimmed" ta="center" p="xl">
        {emptyText}
      </Text>
    );
  }
  return <>{children}</>;
}
