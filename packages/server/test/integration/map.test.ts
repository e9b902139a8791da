import { expect, it } from 'vitest';
import { describeEachDatabase } from './harness.ts';

describeEachDatabase('offline map data', (ctx) => {
  it('serves country outlines without sign-in, cacheable', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/map/countries.geojson' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age');
    const body = res.json() as {
      type: string;
      features: { properties: { name: string; iso: string | null } }[];
    };
    expect(body.type).toBe('FeatureCollection');
    expect(body.features.length).toBeGreaterThan(200);
    expect(body.features.some((feature) => feature.properties.iso === 'NL')).toBe(true);
  });
});
