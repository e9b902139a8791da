import { describe, expect, it } from 'vitest';
import {
  canCompare,
  compareHref,
  formatEnergyMwh,
  formatSizeMw,
  NAME_REQUIRED,
  NAME_TOO_LONG,
  overviewHref,
  predictionNameError,
  processingText,
  toggleCompare,
} from '../src/screens/predictions/list/model.ts';

describe("the project page's prediction list", () => {
  it('shows sizes in MW with 2 decimals (kW / 1000, spec 2 §9.2) and -- without a plant', () => {
    expect(formatSizeMw(12345.6)).toBe('12.35 MW');
    expect(formatSizeMw(7.68)).toBe('0.01 MW');
    expect(formatSizeMw(null)).toBe('--');
    expect(formatSizeMw(undefined)).toBe('--');
  });

  it('shows the P50 energy in MWh with thousands separators, -- before a run', () => {
    expect(formatEnergyMwh(152345.678)).toBe('152,345.68 MWh');
    expect(formatEnergyMwh(12.005)).toBe('12.01 MWh');
    expect(formatEnergyMwh(1234567)).toBe('1,234,567.00 MWh');
    expect(formatEnergyMwh(null)).toBe('--');
    expect(formatEnergyMwh(Number.NaN)).toBe('--');
  });

  it('shows the processing status, with the percent while running', () => {
    expect(processingText(2, 41.6)).toBe('Running 42 %');
    expect(processingText(1, 0)).toBe('Queued');
    expect(processingText(3, 100)).toBe('Success');
    expect(processingText(null, null)).toBe('Not run');
    expect(processingText(4, 10)).toBe('Error');
  });

  it('requires a name of at most 200 characters', () => {
    expect(predictionNameError('')).toBe(NAME_REQUIRED);
    expect(predictionNameError('   ')).toBe(NAME_REQUIRED);
    expect(predictionNameError('x'.repeat(200))).toBeNull();
    expect(predictionNameError('x'.repeat(201))).toBe(NAME_TOO_LONG);
    expect(NAME_TOO_LONG).toBe('Name must be at most 200 characters.');
  });

  it('compares 2 to 6 predictions picked in order', () => {
    let selected: number[] = [];
    expect(canCompare(selected)).toBe(false);
    selected = toggleCompare(selected, 4);
    expect(canCompare(selected)).toBe(false);
    selected = toggleCompare(selected, 2);
    expect(selected).toEqual([4, 2]);
    expect(canCompare(selected)).toBe(true);
    for (const id of [7, 8, 9, 10, 11]) selected = toggleCompare(selected, id);
    expect(selected).toEqual([4, 2, 7, 8, 9, 10]);
    expect(toggleCompare(selected, 2)).toEqual([4, 7, 8, 9, 10]);
    expect(compareHref(3, [4, 2])).toBe('/projects/3/compare?ids=4,2');
    expect(overviewHref(3, 4)).toBe('/projects/3/prediction/4/overview');
  });
});
