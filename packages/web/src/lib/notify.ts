/**
 * Toasts and error notifications (spec 1 §2 shared pieces, spec 2 §8.2, §9.1: toasts dismiss after 3000 ms).
 */
import { notifications } from '@mantine/notifications';
import { DEFAULT_ERROR_HEADING, buildErrorMessages } from '../api/errors.ts';

export const TOAST_MS = 3000;

/** A short success/info toast, e.g. '{name} was saved'. */
export function toast(message: string, options: { delayMs?: number } = {}): void {
  const show = () => notifications.show({ message, color: 'teal', autoClose: TOAST_MS, withBorder: true });
  if (options.delayMs) setTimeout(show, options.delayMs);
  else show();
}

/** A warning (e.g. from the x-message header). */
export function notifyWarning(message: string): void {
  notifications.show({ title: 'Warning', message, color: 'yellow', autoClose: 8000, withBorder: true });
}

/** An error built by the error notification builder, under the default heading. */
export function notifyError(error: unknown, heading: string = DEFAULT_ERROR_HEADING): void {
  const messages = buildErrorMessages(error);
  if (!messages.length) return;
  notifications.show({
    title: heading,
    message: messages.join('\n'),
    color: 'red',
    autoClose: false,
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
    style: { whiteSpace: 'pre-line' },
  });
}
