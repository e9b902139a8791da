/**
 * The global notification bar (spec 1 §2): the first pending notification from GET /User/Notification
 * (HTML message; announcement, warning or error) with a Dismiss button when it is dismissable.
 */
import { Alert, Box, Button, Group } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { useSession } from '../auth/hooks.ts';
import { sanitizeHtml } from '../lib/sanitizeHtml.ts';

export interface GlobalNotification {
  id: number;
  /** 0 announcement, 1 warning, 2 error (or the names). */
  type: number | string;
  message: string;
  dismissable: boolean;
}

export const notificationKey = ['user', 'notification'] as const;

export function notificationKind(type: number | string): 'announcement' | 'warning' | 'error' {
  const value = String(type).toLowerCase();
  if (value === '2' || value === 'error') return 'error';
  if (value === '1' || value === 'warning') return 'warning';
  return 'announcement';
}

const COLOR = { announcement: 'blue', warning: 'yellow', error: 'red' } as const;

export function GlobalNotificationBar() {
  const { isSignedIn } = useSession();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: notificationKey,
    queryFn: () => api<GlobalNotification[]>('/User/Notification', { background: true, silent: true }),
    enabled: isSignedIn,
    staleTime: 5 * 60_000,
  });
  const dismiss = useMutation({
    mutationFn: (id: number) => api(`/User/Notification/${id}/Dismiss`, { method: 'POST', background: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKey }),
  });
  const first = Array.isArray(data) ? data[0] : undefined;
  if (!first) return null;
  const kind = notificationKind(first.type);
  return (
    <Alert
      color={COLOR[kind]}
      variant="light"
      radius={0}
      mb="md"
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid="global-notification"
      data-kind={kind}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Box
          style={{ flex: 1 }}
          data-testid="notification-message"
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(first.message) }}
        />
        {first.dismissable && (
          <Button
            size="xs"
            variant="subtle"
            loading={dismiss.isPending}
            onClick={() => dismiss.mutate(first.id)}
          >
            Dismiss
          </Button>
        )}
      </Group>
    </Alert>
  );
}
