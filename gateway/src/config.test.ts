import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 8080, WATEROPS_DATA_DIR: './data', WATEROPS_ROLE: 'all', WATEROPS_DEMO: true });
    expect(c).toMatchObject({ LOGIN_CAPTCHA: 'after-failures', SIGNIN_RATE_PER_MINUTE: 30, TRUST_PROXY: 'false' });
    expect(c.UPSTREAMS).toEqual({});
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ WATEROPS_ROLE: 'edge' }, /WATEROPS_ROLE/],
    [{ WATEROPS_DEMO: 'yes' }, /WATEROPS_DEMO/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ UPSTREAM_API_USER: 'ftp://x' }, /UPSTREAM_API_USER/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ SIGNIN_RATE_PER_MINUTE: '0' }, /SIGNIN_RATE_PER_MINUTE/],
    [{ SIGNIN_RATE_PER_MINUTE: 'many' }, /SIGNIN_RATE_PER_MINUTE/],
    [{ LOGIN_CAPTCHA: 'sometimes' }, /LOGIN_CAPTCHA/],
    [{ WATEROPS_ROLE: 'gateway' }, /UPSTREAM_URL/],
    [{ WATEROPS_DEMO: '0' }, /WATEROPS_ADMIN_PASSWORD/],
    // the password policy of every password set: the spec's format, then not a guessable one
    [
      { WATEROPS_DEMO: '0', WATEROPS_ADMIN_PASSWORD: '#shortpw' },
      /WATEROPS_ADMIN_PASSWORD: The password format is wrong/,
    ],
    [
      { WATEROPS_DEMO: '0', WATEROPS_ADMIN_PASSWORD: 'admin2024' },
      /WATEROPS_ADMIN_PASSWORD: This password is too common/,
    ],
    [{ WATEROPS_DEMO: '0', WATEROPS_ADMIN_PASSWORD: 'password1' }, /too common/],
  ])('rejects %o naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('reads per-prefix upstreams', () => {
    const c = loadConfig({ UPSTREAM_API_USER: 'http://127.0.0.1:9000' });
    expect(c.UPSTREAMS).toEqual({ '/api-user': 'http://127.0.0.1:9000' });
  });
});
