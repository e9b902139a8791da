/**
 * Global notifications on /manage-accounts (spec 1 §2 global notification bar; super admins): publish
 * one (Announcement, Warning or Error; an HTML message, cleaned by the server when it is published and
 * again here when shown; dismissable or not; to one company or to every company), list them all newest
 * first with how many users dismissed each, and remove one after a confirmation. Each user sees only the first
 * pending notification of their company or of every company.
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ListFooter } from '../../components/list/ListFooter.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { splitFormErrors, type FormErrors } from '../../lib/formErrors.ts';
import { toast } from '../../lib/notify.ts';
import { sanitizeHtml } from '../../lib/sanitizeHtml.ts';
import { notificationKey, notificationKind } from '../../shell/GlobalNotificationBar.tsx';
import { listAccounts } from '../subscription/api.ts';
import { accountKeys } from './keys.ts';
import {
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_TYPES,
  listNotifications,
  notificationAdminKeys,
  publishNotification,
  removeNotification,
  typeLabel,
  type NotificationListItem,
} from './notificationsApi.ts';

const FIELDS = ['type', 'message', 'dismissable', 'companyId'] as const;
const EVERY_COMPANY = 'all';
const COLOR = { announcement: 'blue', warning: 'yellow', error: 'red' } as const;
const NO_ERRORS: FormErrors = { fields: {}, general: [] };

/** The message as the bar shows it: sanitized HTML. */
function MessageHtml({ html }: { html: string }) {
  return (
    <Box
      fz="sm"
      data-testid="notification-message"
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  );
}

function PublishForm({ onPublished }: { onPublished: () => void }) {
  const companies = useQuery({
    queryKey: accountKeys.companies,
    queryFn: ({ signal }) => listAccounts(signal),
  });
  const [type, setType] = useState('0');
  const [message, setMessage] = useState('');
  const [dismissable, setDismissable] = useState(true);
  const [company, setCompany] = useState<string>(EVERY_COMPANY);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saving, setSaving] = useState(false);
  const companyOptions = [
    { value: EVERY_COMPANY, label: 'Every company' },
    ...(companies.data ?? [])
      .map((entry) => ({ value: entry.id, label: entry.name }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await publishNotification({
        type: Number(type),
        message,
        dismissable,
        companyId: company === EVERY_COMPANY ? null : company,
      });
      toast('The notification has been published');
      setErrors(NO_ERRORS);
      setMessage('');
      onPublished();
    } catch (error) {
      setErrors(splitFormErrors(error, FIELDS));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Publish a notification">
      <Stack gap="sm">
        <Group align="flex-end" gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="notification-type-label">
              Type
            </Text>
            <SegmentedControl
              aria-labelledby="notification-type-label"
              data={[...NOTIFICATION_TYPES]}
              value={type}
              onChange={setType}
            />
          </Stack>
          <Select
            label="Company"
            data={companyOptions}
            value={company}
            onChange={(value) => setCompany(value ?? EVERY_COMPANY)}
            allowDeselect={false}
            searchable
            nothingFoundMessage="No company of that name"
            error={errors.fields.companyId}
            w={280}
          />
          <Checkbox
            label="Dismissable"
            checked={dismissable}
            onChange={(e) => setDismissable(e.currentTarget.checked)}
            mb={8}
          />
        </Group>
        {errors.fields.type && (
          <Text size="xs" c="red">
            {errors.fields.type}
          </Text>
        )}
        <Textarea
          label="Message"
          description="HTML: b, strong, i, em, u, p, br, lists, code and links (http, https, mailto). Anything else is removed when it is published; the list below shows the message as users will see it."
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          error={errors.fields.message}
          maxLength={NOTIFICATION_MESSAGE_MAX}
          autosize
          minRows={3}
          maxRows={10}
        />
        {errors.general.length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {errors.general.join(' ')}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={saving}>
            Publish
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function confirmRemove(item: NotificationListItem, onRemoved: () => void) {
  modals.openConfirmModal({
    title: 'Remove this notification?',
    centered: true,
    children: (
      <Text size="sm">
        {item.companyName ? `The users of ${item.companyName}` : 'The users of every company'} will no longer
        see it. It cannot be undone.
      </Text>
    ),
    labels: { confirm: 'Remove', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => {
      void removeNotification(item.id).then(() => {
        toast('The notification has been removed');
        onRemoved();
      });
    },
  });
}

export function NotificationsPanel() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: notificationAdminKeys.page(page),
    queryFn: ({ signal }) => listNotifications(page, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: notificationAdminKeys.all });
    // The super admin's own bar may show what was published or removed.
    void queryClient.invalidateQueries({ queryKey: notificationKey });
  };

  return (
    <Stack>
      <PublishForm
        onPublished={() => {
          setPage(1);
          refresh();
        }}
      />
      {list.error ? (
        <Alert color="red">{(list.error as Error).message}</Alert>
      ) : (
        <Table striped verticalSpacing="xs" aria-label="Notifications" aria-busy={list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Type</Table.Th>
              <Table.Th>Message</Table.Th>
              <Table.Th>Company</Table.Th>
              <Table.Th>Dismissable</Table.Th>
              <Table.Th>Dismissed by</Table.Th>
              <Table.Th>Published</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.isPending && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text size="sm" c="dimmed">
                    Loading notifications…
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {(list.data?.items ?? []).map((item) => (
              <Table.Tr key={item.id} data-testid={`notification-row-${item.id}`}>
                <Table.Td>
                  <Badge variant="light" color={COLOR[notificationKind(item.type)]}>
                    {typeLabel(item.type)}
                  </Badge>
                </Table.Td>
                <Table.Td maw={420}>
                  <MessageHtml html={item.message} />
                </Table.Td>
                <Table.Td>{item.companyName ?? 'Every company'}</Table.Td>
                <Table.Td>{item.dismissable ? 'Yes' : 'No'}</Table.Td>
                <Table.Td>
                  {item.dismissedCount} {item.dismissedCount === 1 ? 'user' : 'users'}
                </Table.Td>
                <Table.Td>{formatDateTime(item.createdDate)}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="light" color="red" onClick={() => confirmRemove(item, refresh)}>
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ListFooter
        total={list.data?.total}
        page={page}
        pageSize={NOTIFICATION_PAGE_SIZE}
        noun={['notification', 'notifications']}
        onPage={setPage}
      />
    </Stack>
  );
}
