import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function ProjectNotFound() {
  return (
    <Stack gap="sm" align="flex-start" py="xl">
      <Title order={2}>Project not found</Title>
      <Text c="dimmed">The project does not exist, was deleted, or you do not have access to it.</Text>
      <Anchor component={Link} to="/">
        Back to projects
      </Anchor>
    </Stack>
  );
}
