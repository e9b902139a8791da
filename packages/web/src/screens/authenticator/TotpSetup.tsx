/** Setting up the authenticator: QR code and secret of POST /auth/totp/setup, then Verify. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, CopyButton, Group, Image, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { api } from '../../api/client.ts';
import { splitFormErrors } from '../../lib/formErrors.ts';

interface TotpSetupAnswer {
  secret: string;
  otpauthUrl: string;
}

export function TotpSetup({ onVerified }: { onVerified(): void }) {
  const setup = useMutation({
    mutationFn: () => api<TotpSetupAnswer>('/auth/totp/setup', { method: 'POST', background: true }),
  });
  const started = useRef(false);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    setup.mutate();
  }, [setup]);

  const otpauthUrl = setup.data?.otpauthUrl;
  useEffect(() => {
    if (!otpauthUrl) return;
    let active = true;
    QRCode.toDataURL(otpauthUrl, { width: 200, margin: 1 })
      .then((url) => active && setQr(url))
      .catch(() => active && setQr(null));
    return () => {
      active = false;
    };
  }, [otpauthUrl]);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError('Verification code is required.');
    setVerifying(true);
    try {
      await api('/auth/totp/verify', { method: 'POST', body: { code: code.trim() }, silent: true });
      setError(null);
      onVerified();
    } catch (failure) {
      const split = splitFormErrors(failure, ['code']);
      setError(split.fields.code ?? split.general.join(' '));
    } finally {
      setVerifying(false);
    }
  };

  if (setup.isError) {
    return (
      <Alert color="red" role="alert">
        The authenticator could not be set up.{' '}
        <Button variant="subtle" size="xs" onClick={() => setup.mutate()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (!setup.data) return <Loader aria-label="Preparing your authenticator" />;

  return (
    <form onSubmit={verify} noValidate>
      <Stack>
        <Text size="sm">
          1. Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft
          Authenticator or 1Password), or enter the secret key by hand.
        </Text>
        <Group justify="center">
          {qr ? <Image src={qr} alt="QR code for your authenticator app" w={200} h={200} /> : <Loader />}
        </Group>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label="Secret key"
            readOnly
            value={setup.data.secret}
            style={{ flex: 1 }}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <CopyButton value={setup.data.secret}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
        <TextInput
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
        />
        <Button type="submit" loading={verifying}>
          Verify
        </Button>
      </Stack>
    </form>
  );
}
