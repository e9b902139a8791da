/**
 * /agreement, /admin-agreement and /super-admin-agreement (spec 1 §2): the data-migration agreement
 * of a role, opened after sign-in when a login notification asks for it (with the page the user was
 * going to as redirectUri) or from the profile. Accept records the acceptance of the agreement's
 * current version; Not Now records the bypass, so that it is not asked again at sign-in. Either goes
 * on to redirectUri. The super admins' page also lists the login notifications.
 */
import { Alert, Button, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { AGREEMENTS, isSuperAdmin, type AgreementKind } from '@sunfield/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { currentUserKey, useCurrentUser } from '../../auth/hooks.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { toast } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { safeRedirect } from '../../lib/safeRedirect.ts';
import { agreementStatusKey, decideAgreement, fetchAgreementStatus } from './api.ts';
import { LoginNotificationsPanel } from './LoginNotificationsPanel.tsx';

export function AgreementScreen({ kind }: { kind: AgreementKind }) {
  const agreement = AGREEMENTS[kind];
  usePageTitle(agreement.title);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const status = useQuery({ queryKey: agreementStatusKey, queryFn: fetchAgreementStatus });
  const mine = status.data?.agreements.find((a) => a.agreement === kind);
  const decide = useMutation({
    mutationFn: (accept: boolean) => decideAgreement(kind, accept),
    onSuccess: (_answer, accept) => {
      if (accept) toast(`${agreement.title} accepted.`);
      void queryClient.invalidateQueries({ queryKey: agreementStatusKey });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      navigate(safeRedirect(params.get('redirectUri')), { replace: true });
    },
  });
  const accepted = mine?.currentDecision === 'accepted' ? mine.acceptance : null;

  return (
    <Stack maw={820} gap="md">
      <Title order={2}>{agreement.title}</Title>
      <Paper withBorder p="lg" radius="md">
        <ScrollArea.Autosize mah="50vh" type="auto" offsetScrollbars>
          <Stack gap="sm">
            {agreement.sections.map((section) => (
              <div key={section.heading}>
                <Text fw={600}>{section.heading}</Text>
                <Text size="sm">{section.text}</Text>
              </div>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Text size="xs" c="dimmed" mt="md">
          Version {agreement.version}
        </Text>
        {accepted ? (
          <Alert color="green" variant="light" mt="md" role="status">
            You accepted version {accepted.version} on {formatDateTime(accepted.acceptedDate)}.
          </Alert>
        ) : (
          <Group justify="flex-end" mt="md">
            <Button
              variant="default"
              onClick={() => decide.mutate(false)}
              loading={decide.isPending && decide.variables === false}
            >
              Not Now
            </Button>
            <Button
              onClick={() => decide.mutate(true)}
              loading={decide.isPending && decide.variables === true}
            >
              Accept
            </Button>
          </Group>
        )}
        {accepted && (
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => navigate(safeRedirect(params.get('redirectUri')))}>
              Continue
            </Button>
          </Group>
        )}
      </Paper>
      {kind === 'superAdmin' && isSuperAdmin(user?.roles) && (
        <Paper withBorder p="lg" radius="md">
          <LoginNotificationsPanel />
        </Paper>
      )}
    </Stack>
  );
}
