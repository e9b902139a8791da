/** 'Contact Us' (the contact route of spec 1 §2): a message to the Sunfield team, POST /contact. */
import { useState } from 'react';
import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ApiError, api } from '../api/client.ts';
import { toast } from '../lib/notify.ts';

/** The support form (POST /contact); `onSent` after a message is sent, `onDone` after it or Cancel. */
export function ContactForm({
  subject: initialSubject,
  onDone,
  onSent,
}: {
  subject: string;
  onDone(): void;
  onSent?(): void;
}) {
  const [subject, setSubject] = useState(initialSubject);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!subject.trim()) missing.subject = 'Subject is required.';
    if (!message.trim()) missing.message = 'Message is required.';
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setSending(true);
    try {
      await api('/contact', { method: 'POST', body: { subject, message }, silent: true });
      toast('Your message was sent.');
      onSent?.();
      onDone();
    } catch (error) {
      const state = error instanceof ApiError ? error.modelState : {};
      setErrors({
        subject: state.subject?.[0] ?? '',
        message:
          state.message?.[0] ?? (error instanceof Error ? error.message : 'The message could not be sent.'),
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Subject"
          required
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          error={errors.subject || undefined}
        />
        <Textarea
          label="Message"
          required
          autosize
          minRows={5}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          error={errors.message || undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={sending}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function openContactModal(subject = ''): void {
  const id = modals.open({
    title: 'Contact Us',
    size: 600,
    children: <ContactForm subject={subject} onDone={() => modals.close(id)} />,
  });
}
