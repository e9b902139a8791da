/**
 * /authenticator (spec 1 §2): sets up the authenticator app second factor, or turns it off when it
 * is on. A public route: signed-out visitors are asked to sign in first.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api/client.ts';
import { currentUserKey, useCurrentUser, useSession } from '../../auth/hooks.ts';
import { splitFormErrors } from '../../lib/formErrors.ts';
import { toast } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { AuthCard } from '../../shell/PublicLayout.tsx';
import { TotpSetup } from './TotpSetup.tsx';

function DisableTotp({ onDisabled }: { onDisabled(): void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError('Verification code is required.');
    setBusy(true);
    try {
      await api('/auth/totp/disable', { method: 'POST', body: { code: code.trim() }, silent: true });
      onDisabled();
    } catch (failure) {
      const split = splitFormErrors(failure, ['code']);
      setError(split.fields.code ?? split.general.join(' '));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Alert color="teal" variant="light">
          An authenticator app is set up for your account. Sign-in asks for its code.
        </Alert>
        <Text size="sm">To turn it off, enter a current code from the app.</Text>
        <TextInput
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
        />
        <Button type="submit" color="red" variant="light" loading={busy}>
          Disable Authenticator
        </Button>
      </Stack>
    </form>
  );
}

export function AuthenticatorScreen() {
  usePageTitle('Authenticator');
  const { status } = useSession();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const refreshUser = () => queryClient.invalidateQueries({ queryKey: currentUserKey });

  let body;
  if (status === 'loading') body = <Loader aria-label="Loading" />;
  else if (status === 'signedOut' || !user) {
    body = (
      <Stack>
        <Text>Sign in to set up an authenticator app for your account.</Text>
        <Button component={Link} to="/login?redirectUri=%2Fauthenticator">
          Sign In
        </Button>
      </Stack>
    );
  } else if (user.totpEnabled) {
    body = (
      <DisableTotp
        onDisabled={() => {
          toast('The authenticator was turned off.');
          void refreshUser();
        }}
      />
    );
  } else {
    body = (
      <TotpSetup
        onVerified={() => {
          toast('Your authenticator is set up.');
          void refreshUser();
        }}
      />
    );
  }

  return (
    <AuthCard title="Authenticator app">
      <Stack>
        {body}
        {user && (
          <Anchor component={Link} to="/user-profile/about-user" size="sm">
            Back to your profile
          </Anchor>
        )}
      </Stack>
    </AuthCard>
  );
}
