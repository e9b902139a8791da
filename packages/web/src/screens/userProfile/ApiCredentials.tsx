/**
 * API credentials (POST /User/{id}/Secret): a new client id and secret, shown once, with copy
 * buttons and a warning that the secret cannot be shown again.
 */
import { useState } from 'react';
import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { api } from '../../api/client.ts';
import { AppModal } from '../../shell/AppModal.tsx';

interface ClientSecret {
  clientId: string;
  clientSecret: string;
}

export const SECRET_WARNING = 'Copy the client secret now. It cannot be shown again.';

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <Group align="flex-end" wrap="nowrap">
      <TextInput
        label={label}
        readOnly
        value={value}
        styles={{ input: { fontFamily: 'monospace' } }}
        style={{ flex: 1 }}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy} aria-label={`Copy ${label}`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

export function ApiCredentials({ userId }: { userId: string }) {
  const [secret, setSecret] = useState<ClientSecret | null>(null);
  const [busy, setBusy] = useState(false);
  const generate = async () => {
    setBusy(true);
    try {
      setSecret(await api<ClientSecret>(`/User/${userId}/Secret`, { method: 'POST' }));
    } catch {
      // the error notification says why
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Scripts and integrations sign in to the Sunfield API with a client id and secret. Generating new
        credentials replaces the ones you had.
      </Text>
      <Group>
        <Button variant="light" onClick={generate} loading={busy}>
          Generate API Credentials
        </Button>
      </Group>
      <AppModal
        opened={secret !== null}
        onClose={() => setSecret(null)}
        title="API credentials"
        size="medium"
      >
        {secret && (
          <Stack>
            <Alert color="yellow" variant="light" role="alert">
              {SECRET_WARNING}
            </Alert>
            <CopyField label="Client ID" value={secret.clientId} />
            <CopyField label="Client secret" value={secret.clientSecret} />
            <Group justify="flex-end">
              <Button onClick={() => setSecret(null)}>Done</Button>
            </Group>
          </Stack>
        )}
      </AppModal>
    </Stack>
  );
}
