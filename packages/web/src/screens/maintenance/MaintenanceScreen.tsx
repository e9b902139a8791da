/** The maintenance page: shown while maintenance mode is on or the server does not answer. */
import { Center, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../lib/pageTitle.ts';

export function MaintenanceScreen({ message, answered }: { message: string | null; answered: boolean }) {
  usePageTitle('Maintenance');
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" maw={520}>
        <Stack align="center" gap="sm" ta="center">
          <Image src="/logo.svg" alt="" w={56} h={56} />
          <Title order={1} size="h2">
            Sunfield is down for maintenance
          </Title>
          <Text>
            {message ??
              (answered
                ? 'We are making improvements. Please check back soon.'
                : 'The Sunfield server is not answering right now.')}
          </Text>
          <Text size="sm" c="dimmed">
            This page checks again every 30 seconds and reopens Sunfield when it is back.
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
