/**
 * The HTML a global notification may carry (spec 1 §2: the bar shows an HTML message): one allow-list
 * for the server, which cleans a message when a super admin publishes it (sanitize-html), and for the
 * web app, which cleans it again before showing it (DOMPurify). Simple formatting and links only; a
 * link keeps only an http, https or mailto address.
 */
export const NOTIFICATION_HTML_TAGS = [
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'code',
  'small',
] as const;

/** The only attribute kept from the message (links get target and rel when shown). */
export const NOTIFICATION_HTML_ATTRIBUTES = ['href'] as const;

/** http:, https: and mailto: addresses; anything else (javascript:, data:, relative, //host) is dropped. */
export const NOTIFICATION_SAFE_HREF = /^(?:https?:|mailto:)/i;

export const isSafeNotificationHref = (href: string): boolean => NOTIFICATION_SAFE_HREF.test(href.trim());
