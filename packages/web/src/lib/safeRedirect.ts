/**
 * Redirect targets taken from the address (redirectUri) must stay inside the app: a path that
 * starts with one slash, never a protocol-relative or absolute address (pure, unit-tested).
 */
export function safeRedirect(uri: string | null | undefined, fallback = '/'): string {
  if (!uri) return fallback;
  let value = uri.trim();
  try {
    if (/%2f|%5c/i.test(value.slice(0, 6))) value = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (/^\/(login|logout|signUp|forgotPassword)(\/|\?|$)/i.test(value)) return fallback;
  return value;
}

/** The address of a page with a redirectUri query. */
export function withRedirect(path: string, redirectUri: string | null | undefined): string {
  const target = safeRedirect(redirectUri, '');
  return target && target !== '/' ? `${path}?redirectUri=${encodeURIComponent(target)}` : path;
}
