/**
 * Drawing the PDF reports with pdfkit's vector primitives: a page set-up with a footer on every page,
 * headings, key–value lists, tables that continue on the next page with their header, grouped bar
 * charts and a horizontal waterfall (the loss diagram). Text uses the standard Helvetica fonts, whose
 * encoding is WinAnsi (Latin-1 plus a few signs): {@link pdfText} maps any other character to a
 * near one ("−" to "-", "ő" to "o") or "?".
 *
 * Coordinates are PDF points (1/72 in) from the page's top-left corner; A4 portrait, 50 pt margins.
 */
import PDFDocument from 'pdfkit';

export type Doc = PDFKit.PDFDocument;

export const MARGIN = 50;
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** The lowest y content may reach (the footer sits below it). */
const BOTTOM = PAGE_HEIGHT - MARGIN;

export const COLORS = {
  text: '#1f2933',
  muted: '#616e7c',
  rule: '#cbd2d9',
  header: '#e4e7eb',
  primary: '#1f6fb2',
  secondary: '#f0a202',
  loss: '#c8372d',
  gain: '#2f9e44',
  draft: '#c8372d',
} as const;

/** Code points above 0xFF that WinAnsi holds (pdfkit's map), besides Latin-1. */
const WIN_ANSI_EXTRA = new Set([
  402, 8211, 8212, 8216, 8217, 8218, 8220, 8221, 8222, 8224, 8225, 8226, 8230, 8364, 8240, 8249, 8250, 710,
  8482, 338, 339, 732, 352, 353, 376, 381, 382,
]);
const REPLACE: Record<string, string> = { '−': '-', '≤': '<=', '≥': '>=', '≈': '~', σ: 's', '→': '->' };

/** Text the standard fonts can show (see the file comment). */
export function pdfText(value: unknown): string {
  let out = '';
  for (const ch of String(value ?? '')) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(code)) {
      out += ch;
    } else if (REPLACE[ch]) out += REPLACE[ch];
    else if (code === 0x0a || code === 0x09) out += ' ';
    else {
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += base && [...base].every((c) => c.charCodeAt(0) <= 0xff) ? base : '?';
    }
  }
  return out;
}

const grouping = new Map<number, Intl.NumberFormat>();

/** A number with thousands separators and `decimals` decimals ("12,345.678"); "–" when not finite. */
export function formatNumber(value: number, decimals: number): string {
  if (!Number.isFinite(value)) return '–';
  let f = grouping.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    grouping.set(decimals, f);
  }
  // -0.000 prints as 0.000
  const text = f.format(value);
  return /^-[0.,]+$/.test(text) ? text.slice(1) : text;
}

/** A document with the reports' page set-up; pages are buffered so the footer can number them. */
export function createDoc(info: { title: string; subject: string }): Doc {
  return new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: pdfText(info.title),
      Subject: pdfText(info.subject),
      Author: 'Sunfield',
      Creator: 'Sunfield',
    },
  });
}

/**
 * Writes the footer ("{text} · page k of n") on every page, ends the document and returns its bytes.
 */
export function finishDoc(doc: Doc, footer: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(COLORS.muted)
      .text(
        pdfText(`${footer} · page ${i - range.start + 1} of ${range.count}`),
        MARGIN,
        PAGE_HEIGHT - MARGIN + 18,
        {
          width: CONTENT_WIDTH,
          align: 'center',
          lineBreak: false,
        },
      );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

/** Starts a new page when less than `height` points are left on this one. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > BOTTOM) doc.addPage();
}

/** A section heading (bold, ruled), kept with at least `keep` points of what follows. */
export function heading(doc: Doc, text: string, keep = 60): void {
  ensureSpace(doc, 30 + keep);
  if (doc.y > MARGIN + 1) doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(13).fillColor(COLORS.text).text(pdfText(text), MARGIN, doc.y);
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(0.6)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.y = y + 6;
}

/** A small paragraph (notes under a table or chart). */
export function note(doc: Doc, text: string): void {
  ensureSpace(doc, 24);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(COLORS.muted)
    .text(pdfText(text), MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.4);
}

/** Label–value lines in two columns of text (label muted, value regular). */
export function keyValues(doc: Doc, pairs: readonly [string, string][], labelWidth = 170): void {
  const valueWidth = CONTENT_WIDTH - labelWidth;
  for (const [label, value] of pairs) {
    doc.font('Helvetica').fontSize(9.5);
    const text = pdfText(value);
    const labelText = pdfText(label);
    const h = Math.max(
      doc.heightOfString(text, { width: valueWidth }),
      doc.heightOfString(labelText, { width: labelWidth - 8 }),
      12,
    );
    ensureSpace(doc, h + 2);
    const y = doc.y;
    doc.fillColor(COLORS.muted).text(labelText, MARGIN, y, { width: labelWidth - 8 });
    doc.fillColor(COLORS.text).text(text, MARGIN + labelWidth, y, { width: valueWidth });
    doc.y = y + h + 2;
  }
}

export interface TableColumn {
  header: string;
  /** share of the content width (the shares are scaled to fill it) */
  width: number;
  align?: 'left' | 'right' | 'center';
}

/**
 * A table: a shaded header row, then one line per row (a cell too long for its column ends with
 * "…"); on a new page the header is drawn again.
 */
export function table(doc: Doc, columns: readonly TableColumn[], rows: readonly (readonly string[])[]): void {
  const total = columns.reduce((a, c) => a + c.width, 0);
  const widths = columns.map((c) => (c.width / total) * CONTENT_WIDTH);
  const rowHeight = 13;
  const drawRow = (cells: readonly string[], header: boolean) => {
    const y = doc.y;
    if (header) doc.rect(MARGIN, y - 2, CONTENT_WIDTH, rowHeight).fill(COLORS.header);
    doc
      .font(header ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8)
      .fillColor(COLORS.text);
    let x = MARGIN;
    cells.forEach((cell, k) => {
      doc.text(pdfText(cell), x + 3, y, {
        width: widths[k]! - 6,
        height: rowHeight - 3,
        ellipsis: true,
        lineBreak: false,
        align: columns[k]!.align ?? 'left',
      });
      x += widths[k]!;
    });
    doc.y = y + rowHeight;
    if (!header)
      doc
        .moveTo(MARGIN, doc.y - 2)
        .lineTo(MARGIN + CONTENT_WIDTH, doc.y - 2)
        .lineWidth(0.3)
        .strokeColor(COLORS.rule)
        .stroke();
  };
  ensureSpace(doc, rowHeight * 3);
  drawRow(
    columns.map((c) => c.header),
    true,
  );
  for (const row of rows) {
    if (doc.y + rowHeight > BOTTOM) {
      doc.addPage();
      drawRow(
        columns.map((c) => c.header),
        true,
      );
    }
    drawRow(row, false);
  }
  doc.moveDown(0.5);
}

/** A round upper bound of an axis (1, 2, 2.5 or 5 × 10^k) and its step. */
function niceScale(max: number, ticks = 5): { top: number; step: number } {
  if (!(max > 0)) return { top: 1, step: 1 / ticks };
  const raw = max / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s * ticks >= max) ?? 10 * power;
  return { top: step * ticks, step };
}

/** Decimals that show an axis step exactly enough. */
const stepDecimals = (step: number): number => Math.max(0, Math.min(4, -Math.floor(Math.log10(step) + 1e-9)));

export interface BarSeries {
  name: string;
  color: string;
  values: readonly number[];
}

/**
 * A bar chart with one group of bars per category (one bar per series), a value axis from 0 with
 * gridlines, the unit above the axis and a legend when there are several series. Negative values
 * are drawn as 0.
 */
export function barChart(
  doc: Doc,
  chart: { title: string; unit: string; categories: readonly string[]; series: readonly BarSeries[] },
  height = 200,
): void {
  ensureSpace(doc, height + 50);
  doc.font('Helvetica-Bold').fontSize(10.5).fillColor(COLORS.text).text(pdfText(chart.title), MARGIN, doc.y);
  const top = doc.y + 16;
  const axisWidth = 48;
  const x0 = MARGIN + axisWidth;
  const width = CONTENT_WIDTH - axisWidth;
  const max = Math.max(0, ...chart.series.flatMap((s) => s.values.filter(Number.isFinite)));
  const { top: scaleTop, step } = niceScale(max);
  const decimals = stepDecimals(step);
  const yOf = (v: number) => top + height - (Math.max(0, Math.min(v, scaleTop)) / scaleTop) * height;
  doc.font('Helvetica').fontSize(7.5).fillColor(COLORS.muted);
  doc.text(pdfText(chart.unit), MARGIN, top - 12, { width: axisWidth + 40, lineBreak: false });
  for (let v = 0; v <= scaleTop + step / 2; v += step) {
    const y = yOf(v);
    doc
      .moveTo(x0, y)
      .lineTo(x0 + width, y)
      .lineWidth(0.4)
      .strokeColor(COLORS.rule)
      .stroke();
    doc.fillColor(COLORS.muted).text(formatNumber(v, decimals), MARGIN, y - 4, {
      width: axisWidth - 6,
      align: 'right',
      lineBreak: false,
    });
  }
  const group = width / Math.max(1, chart.categories.length);
  const barWidth = (group * 0.7) / Math.max(1, chart.series.length);
  chart.categories.forEach((category, c) => {
    const gx = x0 + c * group + group * 0.15;
    chart.series.forEach((s, k) => {
      const v = s.values[c] ?? 0;
      const y = yOf(Number.isFinite(v) ? v : 0);
      const h = top + height - y;
      if (h > 0) doc.rect(gx + k * barWidth, y, barWidth * 0.92, h).fill(s.color);
    });
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(COLORS.text)
      .text(pdfText(category), x0 + c * group, top + height + 4, {
        width: group,
        align: 'center',
        lineBreak: false,
      });
  });
  if (chart.series.length > 1) {
    let lx = x0 + width;
    for (const s of [...chart.series].reverse()) {
      doc.font('Helvetica').fontSize(7.5);
      const w = doc.widthOfString(pdfText(s.name));
      lx -= w + 22;
      doc.rect(lx, top - 11, 8, 8).fill(s.color);
      doc.fillColor(COLORS.text).text(pdfText(s.name), lx + 11, top - 11, { lineBreak: false });
    }
  }
  doc.x = MARGIN;
  doc.y = top + height + 22;
}

/** A step of a waterfall: a total bar from 0, or a change from the running value. */
export interface WaterfallStep {
  label: string;
  kind: 'total' | 'change';
  /** the running value after the step (for a total: its value) */
  value: number;
  /** the text at the right end of the row ("-3.67 %", "60,125.3 MWh") */
  note: string;
}

/**
 * A horizontal waterfall (cascade): one row per step, totals as bars from 0, each change as a
 * floating bar from the value before it to the value after it (red for a decrease, green for an
 * increase), thin connectors between rows.
 */
export function waterfall(doc: Doc, steps: readonly WaterfallStep[], unit: string): void {
  const rowHeight = 13.5;
  const labelWidth = 185;
  const noteWidth = 80;
  const x0 = MARGIN + labelWidth;
  const width = CONTENT_WIDTH - labelWidth - noteWidth - 8;
  const max = Math.max(0, ...steps.map((s) => s.value).filter(Number.isFinite));
  const { top: scaleTop, step } = niceScale(max, 4);
  const xOf = (v: number) => x0 + (Math.max(0, Math.min(v, scaleTop)) / scaleTop) * width;
  ensureSpace(doc, Math.min(steps.length * rowHeight + 30, 600));
  // Axis labels above the rows.
  let y = doc.y;
  doc.font('Helvetica').fontSize(7).fillColor(COLORS.muted);
  for (let v = 0; v <= scaleTop + step / 2; v += step)
    doc.text(formatNumber(v, stepDecimals(step)), xOf(v) - 30, y, {
      width: 60,
      align: 'center',
      lineBreak: false,
    });
  doc.text(pdfText(unit), x0 + width + 8, y, { width: noteWidth, lineBreak: false });
  y += 11;
  let previous = 0;
  steps.forEach((s, k) => {
    if (y + rowHeight > BOTTOM) {
      doc.addPage();
      y = doc.y;
    }
    const from = s.kind === 'total' ? 0 : previous;
    const a = xOf(Math.min(from, s.value));
    const b = xOf(Math.max(from, s.value));
    const color = s.kind === 'total' ? COLORS.primary : s.value < from ? COLORS.loss : COLORS.gain;
    doc.rect(a, y + 2, Math.max(0.8, b - a), rowHeight - 4).fill(color);
    if (k > 0)
      doc
        .moveTo(xOf(previous), y - 2)
        .lineTo(xOf(previous), y + 2)
        .lineWidth(0.4)
        .strokeColor(COLORS.muted)
        .stroke();
    doc
      .font(s.kind === 'total' ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8)
      .fillColor(COLORS.text)
      .text(pdfText(s.label), MARGIN, y + 3, {
        width: labelWidth - 6,
        height: rowHeight,
        ellipsis: true,
        lineBreak: false,
      })
      .text(pdfText(s.note), x0 + width + 8, y + 3, { width: noteWidth, align: 'right', lineBreak: false });
    previous = s.value;
    y += rowHeight;
  });
  doc.x = MARGIN;
  doc.y = y + 6;
}
