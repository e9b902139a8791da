/** Errors (red) and warnings (yellow) of a validation or a failed call, shown in full. */
import { Alert, List, Stack } from '@mantine/core';

export function MessagesPanel({
  errors,
  warnings,
  errorTitle = 'Errors',
  warningTitle = 'Warnings',
}: {
  errors: string[];
  warnings: string[];
  errorTitle?: string;
  warningTitle?: string;
}) {
  if (!errors.length && !warnings.length) return null;
  return (
    <Stack gap="xs">
      {errors.length > 0 && (
        <Alert color="red" title={errorTitle} role="alert">
          <List size="sm">
            {errors.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {warnings.length > 0 && (
        <Alert color="yellow" title={warningTitle}>
          <List size="sm">
            {warnings.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
