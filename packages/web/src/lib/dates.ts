/**
 * The one date-and-time formatter of the app: an instant (ISO text from the API, UTC) in the
 * browser's time zone and locale, medium date and short time ('Nov 27, 2026, 6:04 AM'); '--' when
 * absent or unreadable. Formatters are built once per locale (building one costs far more than using
 * it, and lists format hundreds of rows).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string | undefined): Intl.DateTimeFormat {
  const key = locale ?? '';
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(key, found);
  }
  return found;
}

export function formatDateTime(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '--';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '--';
  return formatter(locale).format(date);
}
