/**
 * Toasts and error notifications (spec 1 §2 shared pieces, spec 2 §8.2, §9.1: toasts dismiss after 3000 ms).
 */
import { notifications } from '@mantine/notifications';
import { DEFAULT_ERROR_HEADING, buildErrorMessages } from '../api/errors.ts';

export const TOAST_MS = 3000;

const CLOSE_BUTTON = { 'aria-label': 'Close notification' } as const;

/**
 * Shows a notification and hides it `ms` later, hovered or not. Mantine's own autoClose pauses while
 * the pointer is over any notification, so a toast over the page header's buttons (Save, Run) stayed
 * there as long as someone aimed at the button under it; the spec says toasts dismiss after 3000 ms.
 */
function showFor(ms: number, options: Parameters<typeof notifications.show>[0]): void {
  const id = notifications.show({ ...options, autoClose: false, closeButtonProps: CLOSE_BUTTON });
  setTimeout(() => notifications.hide(id), ms);
}

/** A short success/info toast, e.g. '{name} was saved'. */
export function toast(message: string, options: { delayMs?: number } = {}): void {
  const show = () => showFor(TOAST_MS, { message, color: 'teal', withBorder: true });
  if (options.delayMs) setTimeout(show, options.delayMs);
  else show();
}

/** A warning (e.g. from the x-message header). */
export function notifyWarning(message: string): void {
  showFor(8000, { title: 'Warning', message, color: 'yellow', withBorder: true });
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
    closeButtonProps: CLOSE_BUTTON,
    style: { whiteSpace: 'pre-line' },
  });
}
