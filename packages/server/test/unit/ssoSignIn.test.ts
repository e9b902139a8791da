import { describe, expect, it } from 'vitest';
import { emailDomain, normalizeSsoDomain } from '@sunfield/domain';
import { issuerProblem, safeReturnPath, ssoRedirectUri } from '../../src/commands/ssoSignIn.ts';

describe('single sign-on helpers', () => {
  it('keeps the return path on this site', () => {
    expect(safeReturnPath('/projects/mine?x=1#a')).toBe('/projects/mine?x=1#a');
    for (const hostile of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\u0000x',
      '/\tx',
      '',
      undefined,
      42,
    ]) {
      expect(safeReturnPath(hostile)).toBe('/');
    }
  });

  it('builds the redirect URI from the public address only', () => {
    expect(ssoRedirectUri({ publicUrl: 'https://sunfield.example.com/' })).toBe(
      'https://sunfield.example.com/api/auth/sso/callback',
    );
  });

  it('accepts https issuers, http only where allowed', () => {
    expect(issuerProblem('https://login.example.com/realms/a', false)).toBeNull();
    expect(issuerProblem('http://127.0.0.1:8080', false)).toMatch(/https/);
    expect(issuerProblem('http://127.0.0.1:8080', true)).toBeNull();
    expect(issuerProblem('https://user:pw@login.example.com', false)).toMatch(/user/);
    expect(issuerProblem('https://login.example.com/?a=1', false)).toMatch(/query/);
    expect(issuerProblem('not a url', false)).toMatch(/address/);
    for (const internal of [
      'https://127.0.0.1',
      'https://localhost:8443',
      'https://10.1.2.3',
      'https://172.20.0.1',
      'https://192.168.1.1',
      'https://169.254.169.254',
      'https://[::1]',
      'https://[fd00::1]',
      'https://[::ffff:127.0.0.1]',
    ]) {
      expect(issuerProblem(internal, false), internal).toMatch(/public address/);
    }
    expect(issuerProblem('https://172.32.0.1', false)).toBeNull();
    expect(issuerProblem('https://8.8.8.8', false)).toBeNull();
  });

  it('normalizes email domains', () => {
    expect(normalizeSsoDomain(' @Example.COM ')).toBe('example.com');
    expect(normalizeSsoDomain('sub.example.co.uk.')).toBe('sub.example.co.uk');
    expect(normalizeSsoDomain('localhost')).toBeNull();
    expect(normalizeSsoDomain('exa mple.com')).toBeNull();
    expect(normalizeSsoDomain('-bad.example')).toBeNull();
    expect(emailDomain('A@B.Example')).toBe('b.example');
    expect(emailDomain('no-at')).toBe('');
  });
});

describe('single sign-on in the request log', () => {
  it('redacts the callback’s code and state, and only there', async () => {
    const { redactAccessToken } = await import('../../src/realtime/hub.ts');
    expect(redactAccessToken('/api/auth/sso/callback?code=abc&state=def&iss=http%3A%2F%2Fx')).toBe(
      '/api/auth/sso/callback?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Fx',
    );
    expect(redactAccessToken('/api/Weather/Search?code=1')).toBe('/api/Weather/Search?code=1');
  });
});
