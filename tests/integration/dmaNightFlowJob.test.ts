// The night-flow job as scheduled: registered under the name 'nightFlow', so the test clock's run-jobs call runs it
// (as a browser test or a demo would), and it picks up a district's stored history without a manual step.
import { TEST_CLOCK_PATHS } from '@waterops/gateway/src/plugins/testClock.ts';
import { addDays, chinaDay } from '@waterops/shared/reading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, demoCompanyId, signIn } from '../fixtures/factories.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';
import { insertDistrict, insertProfile } from './dmaAnalysisFixtures.ts';

let t: TestApp;
let companyId: number;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ env: { WATEROPS_TEST_CLOCK: '1', WATEROPS_JOBS: '1' } });
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the scheduled nightFlow job', () => {
  it('is run by name through the test clock and analyses the stored history', async () => {
    expect([...(t.app.scheduledJobs?.keys() ?? [])]).toContain('nightFlow');
    const district = await insertDistrict(t.app, companyId, { inlets: 1 });
    const from = addDays(chinaDay(new Date()), -6);
    await insertProfile(t.app, companyId, district.inlets[0] as number, from, 5, (_, minute) =>
      minute <= 360 ? 3 : 9,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: TEST_CLOCK_PATHS.runJobs,
      payload: { names: ['nightFlow'] },
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().datas.ran).toEqual([{ name: 'nightFlow', outcome: 'ran' }]);
    const rows = await t.app.db
      .selectFrom('district_nightlines')
      .select(['day', 'nightline'])
      .where('company_id', '=', companyId)
      .where('district_id', '=', district.id)
      .where('nightline', 'is not', null)
      .execute();
    expect(rows.map((r) => Number(r.nightline))).toEqual([3, 3, 3, 3, 3]);
  });
});
