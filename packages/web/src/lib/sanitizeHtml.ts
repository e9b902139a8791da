/**
 * Global notifications carry an HTML message (spec 1 §2). It is written by super admins, but is
 * still cleaned before it is shown: only simple formatting tags and http(s)/mailto links survive;
 * links open in a new tab.
 */
const ALLOWED = new Set([
  'A',
  'B',
  'STRONG',
  'I',
  'EM',
  'U',
  'P',
  'BR',
  'SPAN',
  'UL',
  'OL',
  'LI',
  'SMALL',
  'CODE',
]);

export function isSafeHref(href: string): boolean {
  return /^(https?:|mailto:)/i.test(href.trim()) || /^\/(?!\/)/.test(href.trim());
}

function clean(node: Node, doc: Document): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [doc.createTextNode(node.textContent ?? '')];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const element = node as Element;
  const children = [...element.childNodes].flatMap((child) => clean(child, doc));
  if (['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE'].includes(element.tagName)) return [];
  if (!ALLOWED.has(element.tagName)) return children;
  const copy = doc.createElement(element.tagName.toLowerCase());
  if (element.tagName === 'A') {
    const href = element.getAttribute('href') ?? '';
    if (isSafeHref(href)) {
      copy.setAttribute('href', href);
      copy.setAttribute('target', '_blank');
      copy.setAttribute('rel', 'noopener noreferrer');
    }
  }
  copy.append(...children);
  return [copy];
}

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = document.createElement('div');
  out.append(...[...doc.body.childNodes].flatMap((child) => clean(child, document)));
  return out.innerHTML;
}
