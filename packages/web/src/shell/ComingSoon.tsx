/** A page that a later issue fills: its title and 'Coming soon', so that navigation works. */
import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../lib/pageTitle.ts';

export function ComingSoon({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Stack gap="xs">
      <Title order={2}>{title}</Title>
      <Text c="dimmed">Coming soon</Text>
    </Stack>
  );
}
