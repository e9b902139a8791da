import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

describe('loadConfig: external tool addresses (issue 16: documented settings, not build-time VITE_*)', () => {
  it('reads the four tool addresses from the environment', () => {
    const config = loadConfig({
      DESIGN_PRO_URL: 'https://design.example.com/app',
      VOLTAGE_PRO_URL: 'http://voltage.example.com',
      PVRADAR_URL: 'https://pvradar.example.com/',
    });
    expect(config.externalTools).toEqual({
      designPro: 'https://design.example.com/app',
      voltagePro: 'http://voltage.example.com/',
      terrainPro: null,
      pvradar: 'https://pvradar.example.com/',
    });
  });

  it('refuses addresses a link must not open', () => {
    const config = loadConfig({ DESIGN_PRO_URL: 'javascript:alert(1)', TERRAIN_PRO_URL: 'not a url' });
    expect(config.externalTools.designPro).toBeNull();
    expect(config.externalTools.terrainPro).toBeNull();
  });
});

describe('loadConfig: billing provider', () => {
  it('takes BILLING_CHECKOUT_URL and BILLING_PORTAL_URL (http(s) only); unset hides the links', () => {
    expect(loadConfig({}).billing).toEqual({ checkoutUrl: null, portalUrl: null });
    const config = loadConfig({
      BILLING_CHECKOUT_URL: 'https://billing.example.com/checkout?company={companyId}',
      BILLING_PORTAL_URL: 'javascript:alert(1)',
    });
    expect(config.billing.checkoutUrl).toMatch(/^https:\/\/billing\.example\.com\/checkout\?company=/);
    expect(config.billing.portalUrl).toBeNull();
  });
});

describe('loadConfig: sign-ups per address', () => {
  it('takes SIGN_UPS_PER_ADDRESS_PER_HOUR when it is a whole number from 1, else 10', () => {
    expect(loadConfig({}).signUpsPerAddressPerHour).toBe(10);
    expect(loadConfig({ SIGN_UPS_PER_ADDRESS_PER_HOUR: '200' }).signUpsPerAddressPerHour).toBe(200);
    for (const bad of ['0', '-3', '2.5', 'many', ''])
      expect(loadConfig({ SIGN_UPS_PER_ADDRESS_PER_HOUR: bad }).signUpsPerAddressPerHour).toBe(10);
  });
});
