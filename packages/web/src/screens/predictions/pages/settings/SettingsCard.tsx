/** A titled section of a settings page (a labelled region, so tests and screen readers find it). */
import { Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function SettingsCard({
  id,
  title,
  description,
  actions,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap" gap="xs">
        <div>
          <Title order={4} id={id}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed" mt={2}>
              {description}
            </Text>
          )}
        </div>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {children}
    </Paper>
  );
}

/** A server problem of the last save or run for an API field path (with or without a prefix). */
export function serverError(errors: Record<string, string[]>, ...paths: string[]): string | null {
  for (const path of paths) {
    const found = errors[path] ?? errors[`prediction.${path}`] ?? errors[`powerPlant.${path}`];
    if (found?.length) return found.join(' ');
  }
  return null;
}
