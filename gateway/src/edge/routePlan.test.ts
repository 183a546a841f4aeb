import { API_PREFIXES } from '@waterops/shared/api';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { routePlan } from './routePlan.ts';

const planOf = (env: Record<string, string>) =>
  Object.fromEntries(routePlan(loadConfig(env)).map((t) => [t.prefix, t.mode === 'proxy' ? t.upstream : 'embedded']));

describe('routePlan', () => {
  it('lists every API prefix once, in the contract order', () => {
    expect(routePlan(loadConfig({})).map((t) => t.prefix)).toEqual([...API_PREFIXES]);
  });

  it('role all embeds every prefix by default', () => {
    expect(Object.values(planOf({}))).toEqual(API_PREFIXES.map(() => 'embedded'));
  });

  it('role all proxies only the prefixes that have their own upstream', () => {
    const plan = planOf({ UPSTREAM_API_REVENUE: 'http://billing.local:9000', UPSTREAM_URL: 'http://ignored:1' });
    expect(plan['/api-revenue']).toBe('http://billing.local:9000');
    expect(plan['/api-user']).toBe('embedded');
    expect(Object.values(plan).filter((v) => v !== 'embedded')).toHaveLength(1);
  });

  it('role gateway proxies every prefix to UPSTREAM_URL, with per-prefix overrides', () => {
    const plan = planOf({
      WATEROPS_ROLE: 'gateway',
      UPSTREAM_URL: 'http://services:8080',
      UPSTREAM_API_USER: 'http://users:8081',
    });
    expect(plan['/api-user']).toBe('http://users:8081');
    for (const prefix of API_PREFIXES.filter((p) => p !== '/api-user'))
      expect(plan[prefix]).toBe('http://services:8080');
  });

  it('role gateway works without UPSTREAM_URL when every prefix has its own upstream', () => {
    const env = Object.fromEntries(
      API_PREFIXES.map((p, i) => [`UPSTREAM_${p.slice(1).replace('-', '_').toUpperCase()}`, `http://h${i}:1`]),
    );
    const plan = planOf({ WATEROPS_ROLE: 'gateway', ...env });
    expect(new Set(Object.values(plan)).size).toBe(API_PREFIXES.length);
  });

  it('role services embeds every prefix even when upstreams are configured', () => {
    const plan = planOf({ WATEROPS_ROLE: 'services', UPSTREAM_URL: 'http://x:1', UPSTREAM_API_USER: 'http://y:1' });
    expect(Object.values(plan)).toEqual(API_PREFIXES.map(() => 'embedded'));
  });
});
