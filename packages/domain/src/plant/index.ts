/**
 * The power-plant builder's calculation rules (spec 2 §9.2–9.3, spec 1 §3–5, spec 4 §1): sizing,
 * defaults, table and field geometry, series-string limits, transmission-line resistance and
 * energy-storage conversions. Module area and efficiency are `moduleArea` and `moduleEfficiency` of
 * moduleDefaults.ts; the rounding helpers (`roundRatio`, `roundPostHeight`, `roundResistance`,
 * `roundAverageModuleWattage`) are in format.ts.
 */
export * from './sizing.ts';
export * from './layout.ts';
export * from './geometry.ts';
export * from './moduleVoltage.ts';
export * from './stringWindow.ts';
export * from './transmissionLine.ts';
export * from './ess.ts';
