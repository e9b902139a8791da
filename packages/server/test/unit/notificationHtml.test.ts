/**
 * The server's cleaning of a notification's HTML when it is published (lib/notificationHtml.ts,
 * sanitize-html with the allow-list of @sunfield/domain): hostile HTML leaves only allowed tags, href
 * and safe addresses, and what it keeps the web app's DOMPurify pass keeps as it is.
 */
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_HTML_TAGS, NOTIFICATION_SAFE_HREF } from '@sunfield/domain';
import { cleanNotificationHtml } from '../../src/lib/notificationHtml.ts';

const { window } = new JSDOM('<!doctype html><html><body></body></html>');

function inspect(html: string) {
  const template = window.document.createElement('template');
  template.innerHTML = html;
  const elements = [...template.content.querySelectorAll('*')];
  return {
    tags: elements.map((element) => element.tagName.toLowerCase()),
    attributes: elements.flatMap((element) => element.getAttributeNames()),
    hrefs: elements.flatMap((element) => element.getAttribute('href') ?? []),
  };
}

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '<img/src=x/onerror=alert(1)>',
  '<img src="x"onerror="alert(1)">',
  '<svg onload=alert(1)><script>alert(2)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href=" jav&#x09;ascript:alert(1)">tab</a>',
  '<a href="JaVaScRiPt:alert(1)">case</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<a href="//evil.example/x">protocol-relative</a>',
  '<a href="/projects">relative</a>',
  '<b onclick="alert(1)" onmouseover="alert(2)">bold</b>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<style>body{display:none}</style>',
  '<iframe src="https://evil.example"></iframe>',
  '<form action="https://evil.example"><input name="password"><button formaction="javascript:alert(1)">Go</button></form>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<template><script>alert(1)</script></template>',
  '<details open ontoggle=alert(1)>x</details>',
  '<a href="https://ok.example" onclick="alert(1)" target="_self" id="x" class="y" data-x="1">mixed</a>',
  '<<script>script>alert(1)<</script>/script>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
];

describe('notification HTML cleaned when published', () => {
  it.each(HOSTILE)('keeps nothing dangerous of %s', (html) => {
    const clean = cleanNotificationHtml(html);
    const { tags, attributes, hrefs } = inspect(clean);
    for (const tag of tags) expect(NOTIFICATION_HTML_TAGS as readonly string[]).toContain(tag);
    for (const attribute of attributes) expect(attribute).toBe('href');
    for (const href of hrefs) expect(href).toMatch(NOTIFICATION_SAFE_HREF);
    expect(clean.toLowerCase()).not.toMatch(
      /<script|<img|<svg|<style|<iframe|javascript:|onerror|onclick|onload/,
    );
  });

  it('keeps the allowed formatting and safe links as they were written', () => {
    const good =
      '<b>Planned</b> <strong>outage</strong> <i>at</i> <em>noon</em><br /><p>See <a href="https://status.example/x?a=1&amp;b=2">status</a> or <a href="mailto:support@example.com">mail us</a>.</p><ul><li><code>v2</code></li></ul>';
    expect(cleanNotificationHtml(good)).toBe(good);
    expect(cleanNotificationHtml('<a href="javascript:alert(1)">click</a>')).toBe('<a>click</a>');
    expect(cleanNotificationHtml('before<script>alert(1)</script>after')).toBe('beforeafter');
    expect(cleanNotificationHtml('<div><span>Hello</span> <font color=red>world</font></div>')).toBe(
      'Hello world',
    );
    expect(cleanNotificationHtml('Release 2 is out')).toBe('Release 2 is out');
    expect(cleanNotificationHtml('<script>only</script>')).toBe('');
  });
});
