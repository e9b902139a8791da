/** Any address the app does not know. */
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/pageTitle.ts';

export function NotFoundScreen() {
  usePageTitle('Page not found');
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm">
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to="/">
          Go to Projects
        </Button>
      </Stack>
    </Center>
  );
}
