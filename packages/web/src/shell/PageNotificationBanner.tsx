/** The page notification banner (spec 1 §2): error, warning or announcement, optionally dismissable. */
import { Alert } from '@mantine/core';
import { clearPageNotification, usePageNotification } from '../lib/pageNotification.ts';

const COLOR = { announcement: 'blue', warning: 'yellow', error: 'red' } as const;

export function PageNotificationBanner() {
  const notification = usePageNotification();
  if (!notification) return null;
  return (
    <Alert
      color={COLOR[notification.type]}
      variant="light"
      mb="md"
      role={notification.type === 'error' ? 'alert' : 'status'}
      withCloseButton={notification.dismissable}
      closeButtonLabel="Dismiss"
      onClose={clearPageNotification}
    >
      {notification.message}
    </Alert>
  );
}
