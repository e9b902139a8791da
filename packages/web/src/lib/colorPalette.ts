/**
 * The charts' colour palette (the accessibility page; spec 1 §3 User.settings.colorPalette). The
 * user's choice is kept on the server with their settings and, per user, in local storage (spec 2
 * §9.2), so that charts drawn before the session loads use it too. Every chart component passes its
 * option through `paletteOption`: with a palette other than the default, the series colours become
 * the palette's and each default colour the option names is swapped for the palette's in its place.
 */
import { COLOR_PALETTES, isColorPaletteName, paletteSwap, type ColorPaletteName } from '@sunfield/domain';
import { useEffect } from 'react';
import { createStore, useStore } from './store.ts';

const storageKey = (userId: string) => `sunfield.colorPalette.${userId}`;

export const colorPalette = createStore<ColorPaletteName>('default');

/** Sets the palette of the signed-in user (from their settings) and remembers it for them. */
export function setPaletteOf(userId: string, name: ColorPaletteName): void {
  const next = isColorPaletteName(name) ? name : 'default';
  if (colorPalette.get() !== next) colorPalette.set(next);
  try {
    localStorage.setItem(storageKey(userId), next);
  } catch {
    // storage full or blocked: the server keeps it
  }
}

/** The palette last used by a user in this browser, before their settings load. */
export function rememberedPalette(userId: string): ColorPaletteName {
  try {
    const value = localStorage.getItem(storageKey(userId));
    return isColorPaletteName(value) ? value : 'default';
  } catch {
    return 'default';
  }
}

const MAX_DEPTH = 12;

/** Swaps colour strings of an option (the same object back when nothing changed; data arrays skipped). */
export function swapColors(value: unknown, swap: ReadonlyMap<string, string>, depth = 0): unknown {
  if (typeof value === 'string') return swap.get(value.toLowerCase()) ?? value;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) {
    // Long arrays of numbers or tuples are data, never colours.
    if (value.length > 32 && typeof value[0] !== 'string' && !isPlainObject(value[0])) return value;
    let changed = false;
    const out = value.map((item) => {
      const next = swapColors(item, swap, depth + 1);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  if (!isPlainObject(value)) return value;
  let out: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(value)) {
    const next = swapColors(item, swap, depth + 1);
    if (next !== item) (out ??= { ...value })[key] = next;
  }
  return out ?? value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** An ECharts option in a palette: the default palette leaves it as it is. */
export function paletteOption<T extends object>(option: T, name: ColorPaletteName): T {
  if (name === 'default') return option;
  const swapped = swapColors(option, paletteSwap(name)) as T;
  return { ...swapped, color: [...COLOR_PALETTES[name].colors] };
}

/** The current palette, for chart components. */
export function useChartPalette(): ColorPaletteName {
  return useStore(colorPalette);
}

/** Follows the signed-in user's palette (mounted once, in the app layout). */
export function useUserPalette(
  user: { id: string; settings?: { colorPalette?: ColorPaletteName | undefined } | undefined } | undefined,
): void {
  const id = user?.id;
  const name = user?.settings?.colorPalette;
  useEffect(() => {
    if (!id) colorPalette.set('default');
    else setPaletteOf(id, name ?? rememberedPalette(id));
  }, [id, name]);
}
