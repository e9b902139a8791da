/**
 * The Quick Edit table's columns: the DC field's path, its ancestors' repeaters, its module and main
 * values, its inverter's setpoint and DC:AC. Values are stored in kW, m and degrees; lengths are shown
 * and typed in the user's unit system.
 */
import { UnstyledButton, Text } from '@mantine/core';
import { finiteNumber, fromUserUnits, toUserUnits, type UnitSystemName } from '@sunfield/domain';
import type { VirtualColumn } from '../../../weather/components/VirtualTable.tsx';
import type { Json } from '../../model/types.ts';
import { NumberCell, SelectCell } from './cells.tsx';
import { LOCK_OF, rowWarnings, type QuickEditKey, type QuickEditRow, type QuickEditSort } from './model.ts';

const num = finiteNumber;

interface ValueColumn {
  id: QuickEditKey;
  header: string;
  /** what the cell's accessible name starts with: '{name} of {row}' */
  name: string;
  width: string;
  decimals: number;
  /** stored unit converted for display ('metre' → ft for imperial users) */
  unit?: 'metre';
  symbol?: string;
  get: (row: QuickEditRow) => number | undefined;
}

const VALUE_COLUMNS: ValueColumn[] = [
  {
    id: 'blockRepeater',
    header: 'Block ×',
    name: 'Block repeater',
    width: '72px',
    decimals: 0,
    get: (r) => num(r.block.repeater) ?? 1,
  },
  {
    id: 'arrayRepeater',
    header: 'Array ×',
    name: 'Array repeater',
    width: '72px',
    decimals: 0,
    get: (r) => num(r.array.repeater) ?? 1,
  },
  {
    id: 'inverterRepeater',
    header: 'Inv. ×',
    name: 'Inverter repeater',
    width: '72px',
    decimals: 0,
    get: (r) => num(r.inverter.repeater) ?? 1,
  },
  {
    id: 'fieldRepeater',
    header: 'Field ×',
    name: 'DC field repeater',
    width: '72px',
    decimals: 0,
    get: (r) => num(r.field.repeater) ?? 1,
  },
  {
    id: 'fieldDcPower',
    header: 'Field DC power',
    symbol: 'kW',
    name: 'Field DC power',
    width: '120px',
    decimals: 2,
    get: (r) => num(r.field.fieldDcPower),
  },
  {
    id: 'modulesWiredInSeries',
    header: 'Modules in series',
    name: 'Modules in series',
    width: '96px',
    decimals: 0,
    get: (r) => num(r.field.modulesWiredInSeries),
  },
  {
    id: 'numberOfSeriesStringsWiredInParallel',
    header: 'Strings in parallel',
    name: 'Strings in parallel',
    width: '110px',
    decimals: 2,
    get: (r) => num(r.field.numberOfSeriesStringsWiredInParallel),
  },
  {
    id: 'moduleTilt',
    header: 'Tilt',
    symbol: '°',
    name: 'Tilt',
    width: '76px',
    decimals: 1,
    get: (r) => num(r.field.moduleTilt),
  },
  {
    id: 'moduleAzimuth',
    header: 'Azimuth',
    symbol: '°',
    name: 'Azimuth',
    width: '84px',
    decimals: 1,
    get: (r) => num(r.field.moduleAzimuth),
  },
  {
    id: 'groundCoverageRatio',
    header: 'GCR',
    name: 'GCR',
    width: '76px',
    decimals: 3,
    get: (r) => num(r.field.groundCoverageRatio),
  },
  {
    id: 'postHeight',
    header: 'Post height',
    unit: 'metre',
    name: 'Post height',
    width: '96px',
    decimals: 1,
    get: (r) => num(r.field.postHeight),
  },
  {
    id: 'setpointkW',
    header: 'Inverter setpoint',
    symbol: 'kW',
    name: 'Inverter setpoint',
    width: '120px',
    decimals: 2,
    get: (r) => num(r.inverter.setpointkW),
  },
  {
    id: 'dcAcRatio',
    header: 'DC:AC',
    name: 'DC:AC ratio',
    width: '84px',
    decimals: 4,
    get: (r) => (Number.isFinite(r.dcAcRatio) ? r.dcAcRatio : undefined),
  },
];

export const TRACKING_OPTIONS = [
  { value: 0, label: 'Fixed tilt' },
  { value: 1, label: 'Tracker' },
  { value: 2, label: 'Seasonal tilt' },
] as const;

/** The value a column sorts by. */
export function sortValue(row: QuickEditRow, column: string): number | string | undefined {
  if (column === 'label')
    return row.key
      .split('.')
      .map((n) => n.padStart(5, '0'))
      .join('.');
  if (column === 'module') {
    const name = (row.field.module as Json | null | undefined)?.name;
    return typeof name === 'string' ? name : undefined;
  }
  if (column === 'trackingType') return num(row.field.trackingType) ?? 0;
  return VALUE_COLUMNS.find((c) => c.id === column)?.get(row);
}

export interface ColumnHandlers {
  units: UnitSystemName;
  latitude: number;
  readOnly: boolean;
  sort: QuickEditSort | null;
  onSort: (column: string) => void;
  /** commits a value in stored units; answers the refusal or null */
  onEdit: (row: QuickEditRow, key: QuickEditKey, value: number) => string | null;
  onPickModule: (row: QuickEditRow) => void;
  /** server errors of the last save or run, by API path */
  errors: Record<string, string[]>;
}

function SortHeader({ id, text, h }: { id: string; text: string; h: ColumnHandlers }) {
  const active = h.sort?.column === id;
  return (
    <UnstyledButton
      onClick={() => h.onSort(id)}
      style={{ fontWeight: 700, fontSize: 13, lineHeight: 1.1, whiteSpace: 'normal', textAlign: 'inherit' }}
    >
      {text}
      {active ? (h.sort?.direction === 'asc' ? ' ▲' : ' ▼') : ''}
    </UnstyledButton>
  );
}

const ariaSort = (h: ColumnHandlers, id: string) =>
  h.sort?.column === id ? (h.sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';

function serverError(h: ColumnHandlers, row: QuickEditRow, key: QuickEditKey): string | null {
  const p = row.path;
  const field = `blocks.${p.block}.arrays.${p.array}.inverters.${p.inverter}.dcFields.${p.field}.${key}`;
  const list = h.errors[field] ?? h.errors[`powerPlant.${field}`];
  return list?.length ? list.join(' ') : null;
}

/** The columns for the current handlers. */
export function quickEditColumns(h: ColumnHandlers): VirtualColumn<QuickEditRow>[] {
  const lengthSymbol = toUserUnits(0, 'metre', h.units).symbol;
  const valueColumn = (c: ValueColumn): VirtualColumn<QuickEditRow> => {
    const symbol = c.unit ? lengthSymbol : c.symbol;
    return {
      id: c.id,
      width: c.width,
      align: 'right',
      sort: ariaSort(h, c.id),
      header: <SortHeader id={c.id} text={symbol ? `${c.header} (${symbol})` : c.header} h={h} />,
      cell: (row) => {
        const stored = c.get(row);
        const shown = c.unit && stored !== undefined ? toUserUnits(stored, c.unit, h.units).value : stored;
        const tracking = num(row.field.trackingType) ?? 0;
        const noTilt = c.id === 'moduleTilt' && tracking !== 0;
        const isBlocked = noTilt;
        const lock = LOCK_OF[c.id];
        const locked = lock !== undefined && row.field[lock] === true;
        const warnings =
          c.id === 'dcAcRatio' || c.id === 'moduleAzimuth' ? rowWarnings(row, h.latitude) : null;
        return (
          <NumberCell
            key={row.key}
            value={shown}
            decimals={c.decimals}
            label={`${c.name} of ${row.label}`}
            disabled={h.readOnly || isBlocked}
            title={
              noTilt
                ? tracking === 1
                  ? 'Trackers follow the sun: no fixed tilt.'
                  : 'Seasonal tilt: the tilts are set per month in the Block Array Builder.'
                : locked
                  ? 'Locked: the automatic rules keep this value (unlock it in the Block Array Builder).'
                  : undefined
            }
            locked={locked}
            warning={
              c.id === 'dcAcRatio' ? warnings?.dcAc : c.id === 'moduleAzimuth' ? warnings?.azimuth : null
            }
            serverError={serverError(h, row, c.id)}
            onCommit={(typed) => h.onEdit(row, c.id, c.unit ? fromUserUnits(typed, c.unit, h.units) : typed)}
          />
        );
      },
    };
  };
  const byId = (id: QuickEditKey) => valueColumn(VALUE_COLUMNS.find((c) => c.id === id)!);
  return [
    {
      id: 'label',
      width: '230px',
      sort: ariaSort(h, 'label'),
      header: <SortHeader id="label" text="DC field" h={h} />,
      cell: (row) => (
        <Text size="sm" truncate title={row.label}>
          {row.label}
        </Text>
      ),
    },
    byId('blockRepeater'),
    byId('arrayRepeater'),
    byId('inverterRepeater'),
    byId('fieldRepeater'),
    {
      id: 'module',
      width: '220px',
      sort: ariaSort(h, 'module'),
      header: <SortHeader id="module" text="Module" h={h} />,
      cell: (row) => {
        const name = (row.field.module as Json | null | undefined)?.name;
        const text =
          typeof name === 'string'
            ? name
            : row.field.moduleId != null
              ? `Module ${String(row.field.moduleId)}`
              : 'Pick a module';
        return (
          <UnstyledButton
            aria-label={`Module of ${row.label}: ${text}`}
            disabled={h.readOnly}
            onClick={() => h.onPickModule(row)}
            style={{
              width: '100%',
              fontSize: 13,
              textDecoration: h.readOnly ? undefined : 'underline dotted',
            }}
            title={text}
          >
            <Text size="sm" truncate c={typeof name === 'string' ? undefined : 'dimmed'}>
              {text}
            </Text>
          </UnstyledButton>
        );
      },
    },
    byId('fieldDcPower'),
    byId('modulesWiredInSeries'),
    byId('numberOfSeriesStringsWiredInParallel'),
    {
      id: 'trackingType',
      width: '120px',
      sort: ariaSort(h, 'trackingType'),
      header: <SortHeader id="trackingType" text="Tracking" h={h} />,
      cell: (row) => (
        <SelectCell
          key={row.key}
          value={num(row.field.trackingType) ?? 0}
          options={TRACKING_OPTIONS}
          label={`Tracking type of ${row.label}`}
          disabled={h.readOnly}
          onCommit={(value) => h.onEdit(row, 'trackingType', value)}
        />
      ),
    },
    byId('moduleTilt'),
    byId('moduleAzimuth'),
    byId('groundCoverageRatio'),
    byId('postHeight'),
    byId('setpointkW'),
    byId('dcAcRatio'),
  ];
}
