/**
 * Cleans a global notification's HTML message when a super admin publishes it (spec 1 §2: the bar
 * shows an HTML message), with sanitize-html (a maintained sanitizer built on the htmlparser2 parser,
 * no DOM needed) and the allow-list of @sunfield/domain that the web app applies again when it shows
 * the message. What is stored, listed and sent to the bar is this cleaned text: no script, style,
 * event handler, image, form or frame; links only with an http, https or mailto address.
 */
import sanitize from 'sanitize-html';
import {
  NOTIFICATION_HTML_ATTRIBUTES,
  NOTIFICATION_HTML_TAGS,
  isSafeNotificationHref,
} from '@sunfield/domain';

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...NOTIFICATION_HTML_TAGS],
  allowedAttributes: { a: [...NOTIFICATION_HTML_ATTRIBUTES] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  // Removed tags keep their text; the content of these is dropped with them.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'title'],
  transformTags: {
    // Relative addresses pass sanitize-html's scheme check: keep only the absolute safe ones.
    a: (tagName, attribs) => {
      const href = attribs.href;
      const kept: sanitize.Attributes = {};
      if (href !== undefined && isSafeNotificationHref(href)) kept.href = href;
      return { tagName, attribs: kept };
    },
  },
};

export function cleanNotificationHtml(html: string): string {
  return sanitize(html, OPTIONS).trim();
}
