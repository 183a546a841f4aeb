// GET /api-workbench/dma/map/config: the operations map's optional base map from the environment — default offline
// (no style, WGS-84), a configured style and coordinate system, a bad variable stopping start-up, and the guards
// (no token 401, no dma:district:view 403). The answer holds no tenant data, so another tenant reads the same.

import { loadConfig } from '@waterops/gateway/src/config.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { DMA_PATHS } from '@waterops/shared/dma';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondTenant, createUserWithPermissions, demoCompanyId, signIn } from '../fixtures/factories.ts';
import { forbidden, unauthorized, zh } from '../fixtures/messages.ts';
import { jsonRequests } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let plain: TestApp;
let styled: TestApp;
let admin: string;
const http = jsonRequests(() => plain.app);

beforeAll(async () => {
  plain = await startTestApp();
  admin = await signIn(plain.app, 'admin', 'admin123');
  styled = await startTestApp({
    env: { WATEROPS_MAP_STYLE_URL: 'https://tiles.example.cn/style.json', WATEROPS_MAP_CRS: 'gcj02' },
  });
});
afterAll(async () => {
  await plain?.close();
  await styled?.close();
});

describe('GET dma/map/config', () => {
  it('is offline by default: no style URL, WGS-84', async () => {
    const res = await http.get(DMA_PATHS.mapConfig, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      resp_code: 0,
      resp_msg: zh('common.success'),
      datas: { styleUrl: null, coordinateSystem: 'wgs84' },
    });
  });

  it('answers the configured style URL and coordinate system', async () => {
    const token = await signIn(styled.app, 'admin', 'admin123');
    const res = await jsonRequests(() => styled.app).get(DMA_PATHS.mapConfig, token, 'en');
    expect(res.json().datas).toEqual({ styleUrl: 'https://tiles.example.cn/style.json', coordinateSystem: 'gcj02' });
  });

  it('refuses a bad coordinate system or a style that is not a URL at start-up, naming the variable', () => {
    expect(() => loadConfig({ WATEROPS_MAP_CRS: 'mercator', WATEROPS_DEMO: '1' })).toThrow(/WATEROPS_MAP_CRS/);
    expect(() => loadConfig({ WATEROPS_MAP_STYLE_URL: 'style.json' })).toThrow(/WATEROPS_MAP_STYLE_URL/);
  });

  it('answers 401 without a token', async () => {
    const res = await http.get(DMA_PATHS.mapConfig);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject(unauthorized);
  });

  it('answers 403 without dma:district:view, 200 with it alone', async () => {
    const companyId = await demoCompanyId(plain.app);
    const none = await createUserWithPermissions(plain.app, companyId, [PERMISSIONS.dmaAnalysisView]);
    const res = await http.get(DMA_PATHS.mapConfig, none.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject(forbidden);
    const viewer = await createUserWithPermissions(plain.app, companyId, [PERMISSIONS.dmaDistrictView]);
    expect((await http.get(DMA_PATHS.mapConfig, viewer.token)).json().datas.coordinateSystem).toBe('wgs84');
    // the work-order pages draw their small map on the same base map
    for (const code of [PERMISSIONS.workOrderView, PERMISSIONS.workOrderComplete]) {
      const user = await createUserWithPermissions(plain.app, companyId, [code]);
      expect((await http.get(DMA_PATHS.mapConfig, user.token)).statusCode).toBe(200);
    }
  });

  it("another tenant's administrator reads the same process-wide config (it carries no tenant data)", async () => {
    const other = await createSecondTenant(plain.app);
    const token = await signIn(plain.app, other.adminUsername, other.password);
    expect((await http.get(DMA_PATHS.mapConfig, token)).json().datas).toEqual({
      styleUrl: null,
      coordinateSystem: 'wgs84',
    });
  });
});
