/** The layout of the sign-in screens: the brand above a centred card. */
import type { ReactNode } from 'react';
import { Center, Container, Paper, Stack, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { Brand } from './AppLayout.tsx';

export function PublicLayout() {
  return (
    <Center mih="100vh" bg="gray.0" py="xl">
      <Container size={460} w="100%">
        <Stack align="center" gap="lg">
          <Brand />
          <Outlet />
        </Stack>
      </Container>
    </Center>
  );
}

/** The card of one sign-in screen. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" w="100%">
      <Title order={2} size="h3" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
