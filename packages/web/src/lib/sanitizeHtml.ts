/**
 * Global notifications carry an HTML message (spec 1 §2). Super admins write them, but the message is
 * still cleaned before it is shown, by DOMPurify (a maintained sanitizer that parses the HTML the way
 * the browser does, so mutation tricks do not get through) with a small allow-list: simple formatting
 * tags, and links whose address is http(s) or mailto. No script, style, event handler, image, form or
 * frame survives; links open in a new tab without access to this window. The server already cleaned
 * the message with the same allow-list when it was published, so what is parsed here holds no event
 * handler (Chromium reports a policy violation for one even in a parse-only document).
 */
import DOMPurify, { type Config, type WindowLike } from 'dompurify';
import {
  NOTIFICATION_HTML_ATTRIBUTES,
  NOTIFICATION_HTML_TAGS,
  NOTIFICATION_SAFE_HREF,
  isSafeNotificationHref,
} from '@sunfield/domain';

/** The allow-list of @sunfield/domain (the server cleans a message with it when it is published). */
export const ALLOWED_TAGS: string[] = [...NOTIFICATION_HTML_TAGS];
export const ALLOWED_ATTR: string[] = [...NOTIFICATION_HTML_ATTRIBUTES];
export const SAFE_HREF = NOTIFICATION_SAFE_HREF;

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP: SAFE_HREF,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  SAFE_FOR_TEMPLATES: false,
  WHOLE_DOCUMENT: false,
  RETURN_TRUSTED_TYPE: false,
};

/** A sanitizer bound to a window: the browser's, or a jsdom window in the unit tests. */
export function createSanitizer(window: WindowLike): (html: string) => string {
  const purify = DOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    if (href === null || !isSafeNotificationHref(href)) {
      node.removeAttribute('href');
      return;
    }
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  return (html) => purify.sanitize(html, CONFIG);
}

let browserSanitizer: ((html: string) => string) | undefined;

/** The message cleaned for `dangerouslySetInnerHTML` (in the browser). */
export function sanitizeHtml(html: string): string {
  browserSanitizer ??= createSanitizer(window);
  return browserSanitizer(html);
}
