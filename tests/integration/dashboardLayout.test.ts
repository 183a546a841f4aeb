// Each user's home layout (issue 18): every widget in the default order until the user saves one; what they save
// comes back made whole (widgets added since appended, shown); one user's layout is theirs alone, across users and
// tenants; unknown or repeated widgets and malformed bodies are refused with a localized 400.
import { PERMISSIONS } from '@waterops/shared/auth';
import { DASHBOARD_PATHS, DEFAULT_HOME_LAYOUT, type HomeLayout, WIDGET_IDS } from '@waterops/shared/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  signIn,
  type TestUser,
} from '../fixtures/factories.ts';
import { unauthorized } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let reader: TestUser;
let otherAdmin: string;

const get = (path: string, token?: string) =>
  t.app.inject({ method: 'GET', url: path, headers: token ? bearer(token) : {} });
const post = (path: string, payload: object, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: path, payload, headers: { ...(token ? bearer(token) : {}), ...headers } });
const datas = async <T>(path: string, token: string): Promise<T> => {
  const res = await get(path, token);
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as T;
};

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  reader = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.profileView]);
  const other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the home layout', () => {
  const saveLayout = (layout: object, token: string, headers: Record<string, string> = {}) =>
    post(DASHBOARD_PATHS.homeLayout, layout, token, headers);

  it('starts as every widget in the default order, then keeps what the user saved, made whole', async () => {
    const user = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.profileView]);
    expect(await datas<HomeLayout>(DASHBOARD_PATHS.homeLayout, user.token)).toEqual(DEFAULT_HOME_LAYOUT);
    const mine = {
      widgets: [
        { id: 'alarms', hidden: false },
        { id: 'overview', hidden: true },
      ],
    };
    const saved = await saveLayout(mine, user.token);
    expect(saved.json().resp_code, saved.body).toBe(0);
    const whole = [
      ...mine.widgets,
      ...WIDGET_IDS.filter((w) => w !== 'alarms' && w !== 'overview').map((w) => ({ id: w, hidden: false })),
    ];
    expect(saved.json().datas).toEqual({ widgets: whole });
    expect(await datas<HomeLayout>(DASHBOARD_PATHS.homeLayout, user.token)).toEqual({ widgets: whole });
    // saved again: replaced
    await saveLayout({ widgets: [{ id: 'adverts', hidden: true }] }, user.token);
    expect((await datas<HomeLayout>(DASHBOARD_PATHS.homeLayout, user.token)).widgets[0]).toEqual({
      id: 'adverts',
      hidden: true,
    });
    // other users of the tenant and another tenant's keep theirs
    expect(await datas<HomeLayout>(DASHBOARD_PATHS.homeLayout, reader.token)).toEqual(DEFAULT_HOME_LAYOUT);
    expect(await datas<HomeLayout>(DASHBOARD_PATHS.homeLayout, otherAdmin)).toEqual(DEFAULT_HOME_LAYOUT);
    await saveLayout({ widgets: [{ id: 'messages', hidden: true }] }, otherAdmin);
    expect((await datas<HomeLayout>(DASHBOARD_PATHS.homeLayout, user.token)).widgets[0]?.id).toBe('adverts');
  });

  it('refuses unknown widgets, repeated ones and malformed layouts with a localized 400', async () => {
    const cases: [object, string][] = [
      [{ widgets: [{ id: 'weather', hidden: false }] }, 'widgets.0.id'],
      [{ widgets: [{ id: 'alarms', hidden: 'no' }] }, 'widgets.0.hidden'],
      [{}, 'widgets'],
      [
        {
          widgets: [
            { id: 'alarms', hidden: false },
            { id: 'alarms', hidden: true },
          ],
        },
        'widgets',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await saveLayout(body, reader.token, lang('en'));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().resp_msg).toContain(field);
    }
    expect(await datas<HomeLayout>(DASHBOARD_PATHS.homeLayout, reader.token)).toEqual(DEFAULT_HOME_LAYOUT);
    expect((await saveLayout({ widgets: [] }, '')).json()).toEqual(unauthorized);
  });
});
