/**
 * A one-minute year (525,600 rows × 10 series) through Parse → FinalizeImport, then the weather page
 * (GET /Weather/{id} and /Charts). Logs the timings (issue 6 targets: import < 10 s, page < 1 s);
 * no timed assertion, since the machine is shared.
 */
import { expect, it } from 'vitest';
import { call, describeEachDatabase } from './harness.ts';
import { createCompanyUser } from './projectFactory.ts';
import { multipart } from './weatherHelpers.ts';
import { oneMinuteYearCsv } from './weatherYearCsv.ts';

describeEachDatabase('weather one-minute year', (ctx) => {
  it('imports a one-minute year and opens its page', { timeout: 180_000 }, async () => {
    const { app, kind } = ctx();
    const user = await createCompanyUser(app);
    const csv = oneMinuteYearCsv();
    const body = multipart('one-minute.csv', csv);
    let t0 = performance.now();
    const parsed = await call(app, { method: 'POST', url: '/api/Weather/Parse', token: user.token, ...body });
    const parseMs = performance.now() - t0;
    expect(parsed.statusCode, parsed.body.slice(0, 300)).toBe(200);
    const { importId, weatherFileInfo } = parsed.json() as {
      importId: number;
      weatherFileInfo: { rowCount: number; timeInterval: number; columns: unknown[] };
    };
    expect(weatherFileInfo.rowCount).toBe(525_600);
    expect(weatherFileInfo.timeInterval).toBe(1);
    expect(weatherFileInfo.columns.length).toBe(10);
    t0 = performance.now();
    const fin = await call(app, {
      method: 'POST',
      url: '/api/Weather/FinalizeImport',
      token: user.token,
      payload: { importId, name: 'One-minute year' },
    });
    const finalizeMs = performance.now() - t0;
    expect(fin.statusCode, fin.body).toBe(200);
    const { id } = fin.json() as { id: number };
    t0 = performance.now();
    const page = await call(app, { method: 'GET', url: `/api/Weather/${id}`, token: user.token });
    const getMs = performance.now() - t0;
    t0 = performance.now();
    const charts = await call(app, { method: 'GET', url: `/api/Weather/${id}/Charts`, token: user.token });
    const chartsMs = performance.now() - t0;
    t0 = performance.now();
    const detail = await call(app, {
      method: 'GET',
      url: `/api/Weather/${id}/Detail?offset=500000&limit=1000`,
      token: user.token,
    });
    const detailMs = performance.now() - t0;
    expect(page.statusCode).toBe(200);
    expect(charts.statusCode).toBe(200);
    expect(detail.statusCode).toBe(200);
    expect((page.json() as { rowCount: number }).rowCount).toBe(525_600);
    console.log(
      `[${kind}] one-minute year (${(csv.length / 1e6).toFixed(1)} MB): Parse ${parseMs.toFixed(0)} ms, FinalizeImport ${finalizeMs.toFixed(0)} ms, ` +
        `total ${(parseMs + finalizeMs).toFixed(0)} ms; GET /Weather/{id} ${getMs.toFixed(0)} ms (${page.body.length} B), ` +
        `/Charts ${chartsMs.toFixed(0)} ms (${charts.body.length} B), /Detail page ${detailMs.toFixed(0)} ms`,
    );
  });
});
