// Decides, per API prefix, whether this process serves it with the embedded module or proxies it to an upstream.
import type { ApiPrefix } from '@waterops/shared/api';
import { API_PREFIXES } from '@waterops/shared/api';
import type { Config } from '../config.ts';

export type RouteTarget =
  | { prefix: ApiPrefix; mode: 'embedded' }
  | { prefix: ApiPrefix; mode: 'proxy'; upstream: string };

export const routePlan = (config: Config): RouteTarget[] =>
  API_PREFIXES.map((prefix): RouteTarget => {
    const override = config.UPSTREAMS[prefix];
    if (config.WATEROPS_ROLE === 'services') return { prefix, mode: 'embedded' };
    if (config.WATEROPS_ROLE === 'all')
      return override ? { prefix, mode: 'proxy', upstream: override } : { prefix, mode: 'embedded' };
    const upstream = override ?? config.UPSTREAM_URL;
    if (!upstream) throw new Error(`no upstream for ${prefix}: set UPSTREAM_URL or the prefix's own variable`);
    return { prefix, mode: 'proxy', upstream };
  });
