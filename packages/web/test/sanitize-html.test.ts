/**
 * The notification message sanitizer (lib/sanitizeHtml.ts, DOMPurify with a small allow-list) on
 * hostile HTML, in a jsdom window: whatever goes in, what comes out holds only the allowed tags, only
 * href/target/rel attributes, and only http(s)/mailto addresses.
 */
import { JSDOM } from 'jsdom';
import type { WindowLike } from 'dompurify';
import { describe, expect, it } from 'vitest';
import { ALLOWED_TAGS, createSanitizer, SAFE_HREF } from '../src/lib/sanitizeHtml.ts';

const { window } = new JSDOM('<!doctype html><html><body></body></html>');
const sanitize = createSanitizer(window as unknown as WindowLike);

/** Every element and attribute of the cleaned HTML, parsed again as the browser would. */
function inspect(html: string): { tags: string[]; attributes: string[]; hrefs: string[] } {
  const template = window.document.createElement('template');
  template.innerHTML = html;
  const elements = [...template.content.querySelectorAll('*')];
  return {
    tags: elements.map((element) => element.tagName.toLowerCase()),
    attributes: elements.flatMap((element) => element.getAttributeNames()),
    hrefs: elements.flatMap((element) => {
      const href = element.getAttribute('href');
      return href === null ? [] : [href];
    }),
  };
}

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '<svg onload=alert(1)><script>alert(2)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href=" jav&#x09;ascript:alert(1)">tab</a>',
  '<a href="JaVaScRiPt:alert(1)">case</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<a href="//evil.example/x">protocol-relative</a>',
  '<b onclick="alert(1)" onmouseover="alert(2)">bold</b>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<style>body{display:none}</style>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="https://evil.example"><input name="password"><button formaction="javascript:alert(1)">Go</button></form>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<template><script>alert(1)</script></template>',
  '<details open ontoggle=alert(1)>x</details>',
  '<a href="https://ok.example" onclick="alert(1)" target="_self" id="x" class="y" data-x="1">mixed</a>',
  '<<script>script>alert(1)<</script>/script>',
  '<p>unclosed <b>tags <i>here',
];

describe('notification HTML sanitizer', () => {
  it.each(HOSTILE)('keeps nothing dangerous of %s', (html) => {
    const clean = sanitize(html);
    const { tags, attributes, hrefs } = inspect(clean);
    for (const tag of tags) expect(ALLOWED_TAGS).toContain(tag);
    for (const attribute of attributes) expect(['href', 'target', 'rel']).toContain(attribute);
    for (const href of hrefs) expect(href).toMatch(SAFE_HREF);
    expect(clean.toLowerCase()).not.toMatch(/<script|<img|<svg|<style|<iframe|javascript:|onerror|onclick/);
  });

  it('keeps the allowed formatting and safe links, opening them in a new tab', () => {
    expect(
      sanitize('<b>Planned</b> <strong>outage</strong> <i>at</i> <em>noon</em><br><p>Read <u>more</u></p>'),
    ).toBe('<b>Planned</b> <strong>outage</strong> <i>at</i> <em>noon</em><br><p>Read <u>more</u></p>');
    expect(sanitize('<a href="https://status.example/x?a=1&amp;b=2">status</a>')).toBe(
      '<a href="https://status.example/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">status</a>',
    );
    expect(sanitize('<a href="mailto:support@example.com">mail us</a>')).toBe(
      '<a href="mailto:support@example.com" target="_blank" rel="noopener noreferrer">mail us</a>',
    );
    // An unsafe address leaves the link text without an address.
    expect(sanitize('<a href="javascript:alert(1)">click</a>')).toBe('<a>click</a>');
    expect(sanitize('<a href="/projects">inside</a>')).toBe('<a>inside</a>');
  });

  it('keeps the text of removed tags but never the content of scripts and styles', () => {
    expect(sanitize('<div><span>Hello</span> <font color=red>world</font></div>')).toBe('Hello world');
    expect(sanitize('before<script>alert(1)</script>after')).toBe('beforeafter');
    expect(sanitize('a<style>p{}</style>b')).toBe('ab');
    expect(sanitize('plain text & <3')).toBe('plain text &amp; &lt;3');
  });
});
