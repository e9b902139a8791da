/**
 * Browser tab titles: `{page} | Sunfield` (spec 1 §2). Every page calls usePageTitle(title); when
 * pages nest, the innermost one wins (it mounted, and so rendered, last).
 */
import { useEffect, useState } from 'react';
import { createStore } from './store.ts';

export const PRODUCT_NAME = 'Sunfield';

export function formatTitle(page: string | null | undefined): string {
  const text = page?.trim();
  return text ? `${text} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** The title of the entry registered last (the highest id), or null. */
export function currentTitle(entries: ReadonlyMap<number, string>): string | null {
  let best = -1;
  let title: string | null = null;
  for (const [id, value] of entries) {
    if (id > best) {
      best = id;
      title = value;
    }
  }
  return title;
}

const titles = createStore<ReadonlyMap<number, string>>(new Map());
let nextId = 0;

titles.subscribe(() => {
  if (typeof document !== 'undefined') document.title = formatTitle(currentTitle(titles.get()));
});

export function usePageTitle(title: string): void {
  const [id] = useState(() => ++nextId);
  useEffect(() => {
    titles.set((map) => new Map(map).set(id, title));
    return () =>
      titles.set((map) => {
        const next = new Map(map);
        next.delete(id);
        return next;
      });
  }, [id, title]);
}
