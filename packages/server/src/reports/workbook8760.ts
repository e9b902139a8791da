/**
 * The 8760 workbooks of a result, written with exceljs's streaming writer (one row at a time, each
 * sheet's series loaded only when its turn comes):
 *
 * - PlantSummary8760 (`GET …/Export` and the report of that name): a "Plant" sheet with every stored
 *   plant column, then one sheet per stored node (block, array, inverter, DC field) with its columns;
 * - BlockSummary8760: one sheet per stored block.
 *
 * One header row (name and unit), then one row per step of the first simulated year (8,760 for
 * hourly weather): the timestamp as an Excel date in the project's standard time (the times NodalJson
 * shows) and the values as stored, to the last digit (W, W/m², °, °C, m/s, V, A); a value that is not
 * finite is an empty cell. The writer yields to the event loop every few hundred rows, so a route
 * that streams a workbook does not hold up other requests.
 */
import { PassThrough, type Writable } from 'node:stream';
// Types only here: the module is loaded by the first workbook (below), not at the server's start, of
// which loading exceljs and its zip libraries was about a seventh.
import type ExcelJS from 'exceljs';
import type { Db } from '../db/index.ts';
import { loadSeries } from '../models/predictionRun.ts';
import type { StoredResult } from '../results/load.ts';
import { nodeHeader, nodeSheetLabel, plantHeader, timeHeader, uniqueSheetNames } from './columns.ts';

/** One sheet: its name, and how to load its column headers (after the timestamp) and columns. */
export interface WorkbookSheet {
  name: string;
  load(): Promise<{ headers: string[]; columns: Float64Array[] }>;
}

/** Cells written between two yields to the event loop (a few tens of milliseconds of work). */
const CELLS_PER_SLICE = 10_000;

/**
 * One style object per kind of cell. exceljs caches a cell's style id by the style object, and gives
 * each new cell a fresh one: sharing these halves the time a sheet takes (1.6 instead of 3.3 s for
 * 8,760 rows of 75 columns).
 */
const NUMBER_STYLE: Partial<ExcelJS.Style> = {};

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The plant's columns after the timestamp, in stored order. */
const plantNames = (result: StoredResult): string[] =>
  result.details.plantColumns.filter((name) => name !== 'time');

/** The sheet of the plant's stored columns. */
function plantSheet(db: Db, result: StoredResult): WorkbookSheet {
  const names = plantNames(result);
  return {
    name: 'Plant',
    load: async () => {
      const series = await loadSeries(db, result.run.id, 'plant', names);
      return {
        headers: names.map(plantHeader),
        columns: names.map((n) => series.get(n) ?? new Float64Array(result.details.length)),
      };
    },
  };
}

/** The sheets of the stored nodes (all, or the blocks), named by {@link uniqueSheetNames} after `taken`. */
function nodeSheets(
  db: Db,
  result: StoredResult,
  level: 'block' | undefined,
  taken: readonly string[],
): WorkbookSheet[] {
  const nodes = result.details.nodes.filter((n) => level === undefined || n.level === level);
  const names = uniqueSheetNames([...taken, ...nodes.map(nodeSheetLabel)]).slice(taken.length);
  return nodes.map((node, k) => ({
    name: names[k]!,
    load: async () => {
      const series = await loadSeries(db, result.run.id, node.key);
      return { headers: [...series.keys()].map(nodeHeader), columns: [...series.values()] };
    },
  }));
}

/** The sheets of the PlantSummary8760 workbook: "Plant", then one per stored node. */
export function plantSummarySheets(db: Db, result: StoredResult): WorkbookSheet[] {
  return [plantSheet(db, result), ...nodeSheets(db, result, undefined, ['Plant'])];
}

/** The sheets of the BlockSummary8760 workbook: one per stored block (none when no block was kept). */
export function blockSummarySheets(db: Db, result: StoredResult): WorkbookSheet[] {
  return nodeSheets(db, result, 'block', []);
}

/**
 * Writes a workbook to a stream (which it ends); stops early, quietly, when the stream is destroyed.
 * @param stream where the xlsx bytes go
 * @param result the stored result (its timestamps and offset)
 * @param sheets the sheets, in order (at least one)
 * @param title the workbook's title property
 */
export async function writeWorkbook8760(
  db: Db,
  stream: Writable,
  result: StoredResult,
  sheets: readonly WorkbookSheet[],
  title: string,
): Promise<void> {
  const d = result.details;
  const time = (await loadSeries(db, result.run.id, 'plant', ['time'])).get('time') ?? new Float64Array(0);
  const offsetMs = d.utcOffsetHours * 3_600_000;
  const { default: excel } = await import('exceljs');
  const wb = new excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  wb.creator = 'Sunfield';
  wb.title = title;
  wb.created = new Date();
  const dateStyle: Partial<ExcelJS.Style> = {
    numFmt: d.stepHours < 1 / 60 ? 'yyyy-mm-dd hh:mm:ss' : 'yyyy-mm-dd hh:mm',
  };
  for (const sheet of sheets) {
    const { headers, columns } = await sheet.load();
    const ws = wb.addWorksheet(sheet.name, { views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }] });
    ws.columns = [
      { header: timeHeader(d.utcOffsetHours), width: 18, style: dateStyle },
      ...headers.map((header) => ({ header, width: Math.min(40, Math.max(12, header.length + 2)) })),
    ];
    ws.getRow(1).font = { bold: true };
    const rowsPerSlice = Math.max(20, Math.floor(CELLS_PER_SLICE / (columns.length + 1)));
    const row: (Date | number | null)[] = new Array<Date | number | null>(columns.length + 1);
    for (let i = 0; i < time.length; i++) {
      row[0] = new Date(time[i]! + offsetMs);
      for (let c = 0; c < columns.length; c++) {
        const v = columns[c]![i]!;
        row[c + 1] = Number.isFinite(v) ? v : null;
      }
      const written = ws.addRow(row);
      written.eachCell((cell, col) => {
        cell.style = col === 1 ? dateStyle : NUMBER_STYLE;
      });
      written.commit();
      if (i % rowsPerSlice === rowsPerSlice - 1) {
        await yieldToLoop();
        // The client went away (a route's download): stop writing.
        if (stream.destroyed) return;
      }
    }
    ws.commit();
  }
  await wb.commit();
}

/** The same workbook in memory (the report job stores it). */
export async function workbookBuffer(
  db: Db,
  result: StoredResult,
  sheets: readonly WorkbookSheet[],
  title: string,
): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  await writeWorkbook8760(db, stream, result, sheets, title);
  await ended;
  return Buffer.concat(chunks);
}
