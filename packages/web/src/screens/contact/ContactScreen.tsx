/**
 * /contact (spec 1 §2, the support route; IT admins reach it too): the support form. The message goes
 * to POST /contact, which keeps it and mails it to the support address through the job queue.
 */
import { useState } from 'react';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../auth/hooks.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { ContactForm } from '../../shell/contactModal.tsx';

export function ContactScreen() {
  usePageTitle('Contact Us');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [sent, setSent] = useState(0);
  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        Contact Us
      </Title>
      <Text size="sm" c="dimmed">
        Questions, problems or ideas: the Sunfield team answers at {user?.email ?? 'your email address'}.
      </Text>
      {sent > 0 && (
        <Alert color="green" variant="light" role="status">
          Thank you: your message was sent. We will answer by email.
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md">
        <ContactForm key={sent} subject="" onSent={() => setSent((n) => n + 1)} onDone={() => undefined} />
      </Paper>
      <Text size="xs" c="dimmed">
        <a
          href="/"
          onClick={(event) => {
            event.preventDefault();
            navigate(-1);
          }}
        >
          Back
        </a>
      </Text>
    </Stack>
  );
}
