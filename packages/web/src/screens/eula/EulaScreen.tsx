/**
 * /eula (spec 1 §2): reached when the server says the EULA is not accepted. Accept → POST
 * /user/AcceptEULA → redirectUri (or the projects list).
 */
import { Button, Center, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client.ts';
import { setCurrentUser } from '../../auth/hooks.ts';
import type { CurrentUser } from '../../auth/types.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { safeRedirect } from '../../lib/safeRedirect.ts';
import { Brand } from '../../shell/AppLayout.tsx';
import { EULA_SECTIONS, EULA_TITLE } from './eulaText.ts';

export function EulaScreen() {
  usePageTitle('End-User Licence Agreement');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: () => api<CurrentUser>('/user/AcceptEULA', { method: 'POST' }),
    onSuccess: (user) => {
      setCurrentUser(queryClient, user);
      navigate(safeRedirect(params.get('redirectUri')), { replace: true });
    },
  });
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Stack align="center" gap="lg" w="100%" maw={760}>
        <Brand />
        <Paper withBorder shadow="sm" p="xl" radius="md" w="100%">
          <Title order={1} size="h3" mb="md">
            {EULA_TITLE}
          </Title>
          <ScrollArea.Autosize mah="55vh" type="auto" offsetScrollbars>
            <Stack gap="sm">
              {EULA_SECTIONS.map((section) => (
                <div key={section.heading}>
                  <Text fw={600}>{section.heading}</Text>
                  <Text size="sm">{section.text}</Text>
                </div>
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Text size="sm" c="dimmed" mt="md">
            By selecting Accept you agree to this licence on behalf of yourself and your company.
          </Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => navigate('/logout')}>
              Sign Out
            </Button>
            <Button onClick={() => accept.mutate()} loading={accept.isPending}>
              Accept
            </Button>
          </Group>
        </Paper>
      </Stack>
    </Center>
  );
}
