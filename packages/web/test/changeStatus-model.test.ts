import { ROLE } from '@sunfield/domain';
import { describe, expect, it } from 'vitest';
import {
  TYPE_CONFIG,
  buildRequestItems,
  changeStatusPath,
  changeStatusTitle,
  parseChangeStatusType,
  parseIdList,
  proposedComponentStatus,
  readDraftComponents,
  statusLabel,
  statusOptions,
} from '../src/screens/changeStatus/model.ts';

const labels = (options: { label: string }[]) => options.map((option) => option.label);

describe('change status types', () => {
  it('titles and exits per type', () => {
    expect(changeStatusTitle('inverter')).toBe('Change Inverter Status');
    expect(changeStatusTitle('prediction')).toBe('Change Prediction Status');
    expect(TYPE_CONFIG.inverter.exitPath).toBe('/inverter-library');
    expect(TYPE_CONFIG.module.exitPath).toBe('/module-library');
    expect(TYPE_CONFIG.weather.exitPath).toBe('/weather-library');
    expect(TYPE_CONFIG.project.exitPath).toBe('/');
    expect(TYPE_CONFIG.prediction.exitPath).toBeNull();
  });
  it('ignores validation rejections only for weather and projects', () => {
    const ignored = Object.entries(TYPE_CONFIG)
      .filter(([, config]) => config.ignoreValidationErrors)
      .map(([type]) => type);
    expect(ignored.sort()).toEqual(['project', 'weather']);
  });
  it('parses the route type', () => {
    expect(parseChangeStatusType('Inverter')).toBe('inverter');
    expect(parseChangeStatusType('foo')).toBeNull();
    expect(parseChangeStatusType(undefined)).toBeNull();
  });
});

describe('status options', () => {
  it('excludes the statuses the items hold and the global ones for non super admins', () => {
    const options = statusOptions('asset', [1, 3], [ROLE.User]);
    expect(labels(options)).toEqual(['Draft-Shared', 'Retired', 'String-Sizing']);
  });
  it('offers Global and Global-Retired to super admins', () => {
    expect(labels(statusOptions('asset', [1], [ROLE.SuperAdmin]))).toContain('Global');
    expect(labels(statusOptions('asset', [1], [ROLE.SuperAdmin]))).toContain('Global-Retired');
  });
  it('never offers Voltage Pro for projects', () => {
    expect(labels(statusOptions('project', [0], []))).toEqual(['Archived']);
    expect(labels(statusOptions('project', [2], []))).toEqual(['Active', 'Archived']);
  });
  it('uses prediction statuses for predictions', () => {
    const options = statusOptions('prediction', [1, 2], []);
    expect(labels(options)[0]).toBe('Analysis');
    expect(labels(options)).toContain('As-Built');
    expect(labels(options)).not.toContain('Draft-Private');
  });
  it('labels from the served definitions when given', () => {
    expect(statusLabel('asset', 3, () => 'Live')).toBe('Live');
    expect(statusLabel('asset', 3)).toBe('Active');
    expect(statusLabel('asset', null)).toBe('--');
  });
});

describe('draft components', () => {
  it('proposes Draft-Shared only for draft-private components of shared or string-sizing predictions', () => {
    expect(proposedComponentStatus(2, 1)).toBe(2);
    expect(proposedComponentStatus(10, 1)).toBe(2);
    expect(proposedComponentStatus(2, 2)).toBe(3);
    expect(proposedComponentStatus(3, 1)).toBe(3);
  });
  it('reads both answer shapes', () => {
    expect(readDraftComponents({ data: { draftComponents: [{ name: 'M', status: 1 }] } })).toEqual([
      { id: undefined, name: 'M', type: null, status: 1, newStatus: null },
    ]);
    expect(readDraftComponents({ draftComponents: [] })).toEqual([]);
    expect(readDraftComponents(true)).toEqual([]);
    expect(readDraftComponents(null)).toEqual([]);
  });
});

describe('ids and requests', () => {
  it('accepts digits only, without repeats', () => {
    expect(parseIdList('3,1,x,3,-2, 7 ,0')).toEqual([3, 1, 7]);
    expect(parseIdList(null)).toEqual([]);
  });
  it('builds the address', () => {
    expect(changeStatusPath('inverter', [4, 7])).toBe('/change-status/inverter?ids=4,7');
    expect(changeStatusPath('prediction', [9], 2)).toBe('/change-status/prediction?ids=9&projectId=2');
  });
  it('places the note on each file', () => {
    const items = [
      { id: 1, name: 'a', status: 1 },
      { id: 2, name: 'b', status: 2 },
    ];
    expect(buildRequestItems(items, 3, ' checked ')).toEqual([
      { id: 1, status: 3, note: 'checked' },
      { id: 2, status: 3, note: 'checked' },
    ]);
    expect(buildRequestItems(items, 3, '  ')[0]!.note).toBeNull();
  });
});
