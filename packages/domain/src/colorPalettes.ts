/**
 * Chart colour palettes of the accessibility page (spec 1 §3 User.settings.colorPalette). Each palette
 * lists colours in the roles of the default one: [0] totals and energy, [1] losses, [2] gains,
 * [3] performance ratio, [4] plane-of-array irradiance, then further series; a chart drawn with the
 * default colours is shown in another palette by swapping each default colour for the one at the
 * same place (wrapping round when the palette is shorter).
 */
export type ColorPaletteName = 'default' | 'okabeIto' | 'tolBright';

export interface ColorPalette {
  name: ColorPaletteName;
  label: string;
  description: string;
  colors: readonly string[];
}

export const COLOR_PALETTES: Readonly<Record<ColorPaletteName, ColorPalette>> = {
  default: {
    name: 'default',
    label: 'Sunfield',
    description: 'The standard colours.',
    colors: [
      '#1c7ed6',
      '#e03131',
      '#2f9e44',
      '#f08c00',
      '#7048e8',
      '#0c8599',
      '#c2255c',
      '#5c940d',
      '#e8590c',
      '#3b5bdb',
      '#862e9c',
      '#495057',
    ],
  },
  okabeIto: {
    name: 'okabeIto',
    label: 'Okabe–Ito (colour-blind safe)',
    description:
      'Eight colours told apart with any of the common colour-vision deficiencies: M. Okabe and K. Ito, ' +
      '"Color Universal Design (CUD): how to make figures and presentations that are friendly to colorblind people" (2008).',
    colors: ['#0072b2', '#d55e00', '#009e73', '#e69f00', '#cc79a7', '#56b4e9', '#f0e442', '#000000'],
  },
  tolBright: {
    name: 'tolBright',
    label: 'Tol bright (colour-blind safe)',
    description:
      "Seven colours distinct for colour-blind viewers and in greyscale print: P. Tol, 'Colour schemes', " +
      'SRON technical note SRON/EPS/TN/09-002 (2021).',
    colors: ['#4477aa', '#ee6677', '#228833', '#ccbb44', '#aa3377', '#66ccee', '#bbbbbb'],
  },
};

export const COLOR_PALETTE_NAMES = Object.keys(COLOR_PALETTES) as ColorPaletteName[];

export const isColorPaletteName = (value: unknown): value is ColorPaletteName =>
  typeof value === 'string' && (COLOR_PALETTE_NAMES as string[]).includes(value);

/** default colour (lower case) → the palette's colour in the same place. */
export function paletteSwap(name: ColorPaletteName): Map<string, string> {
  const target = COLOR_PALETTES[name].colors;
  return new Map(
    COLOR_PALETTES.default.colors.map((color, i) => [color.toLowerCase(), target[i % target.length]!]),
  );
}
