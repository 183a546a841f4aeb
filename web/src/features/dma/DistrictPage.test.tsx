// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { District } from '@waterops/shared/dma';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { DistrictPage, districtResource, numberRule } from './DistrictPage.tsx';
import { OutlineImportDialog } from './OutlineImportDialog.tsx';

const district = (over: Partial<District> = {}): District => ({
  id: 7,
  districtName: '东区计量分区',
  kind: 1,
  parentId: null,
  parentName: null,
  polygon: [
    [116.4, 39.9],
    [116.41, 39.9],
    [116.41, 39.91],
    [116.4, 39.9],
  ],
  mainsLengthKm: 12.5,
  connections: null,
  privatePipeKm: null,
  meanPressureM: 30,
  nightUsePerConnectionLh: null,
  nightDayFactorHours: null,
  remark: null,
  meters: [
    { meterId: 1, meterCode: 'IN-001', role: 1, lng: null, lat: null },
    { meterId: 2, meterCode: 'IN-002', role: 1, lng: null, lat: null },
    { meterId: 3, meterCode: 'OUT-001', role: 2, lng: null, lat: null },
  ],
  areas: [
    { areaId: 11, areaName: '东四小区' },
    { areaId: 12, areaName: '东五小区' },
  ],
  memberMeterCount: 420,
  subZoneCount: 0,
  createTime: '2026-03-01T08:00:00Z',
  ...over,
});

const west = district({
  id: 8,
  districtName: '西区考核区',
  kind: 2,
  polygon: null,
  meters: [],
  areas: [],
  memberMeterCount: 0,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
beforeEach(() => localStorage.clear());

// Table2 renders only the columns inside its viewport, which jsdom measures as 0 × 0: give the page a wide screen
beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(2400);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    right: 2400,
    bottom: 800,
    width: 2400,
    height: 800,
    toJSON: () => ({}),
  });
});
afterAll(() => vi.restoreAllMocks());

const serve = (permissions = ['admin'], taken = (_name: string) => false) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) => {
    const u = new URL(url, 'http://x');
    if (u.pathname.endsWith('/dma/district/findList'))
      return { code: 0, msg: 'ok', count: 2, data: [district(), west] };
    if (u.pathname.endsWith('/checkDistrictName'))
      return { resp_code: 0, resp_msg: 'ok', datas: taken(u.searchParams.get('districtName') ?? '') };
    return { resp_code: 0, resp_msg: 'ok', datas: null };
  });
  return calls;
};

const renderPage = (permissions?: string[], taken?: (name: string) => boolean, locale?: 'zh-CN' | 'en') => {
  const calls = serve(permissions, taken);
  return { ...renderWithStore(<DistrictPage />, { session: { signedIn: true } }, locale), calls };
};

describe('the district page', () => {
  it('lists districts with kind, inlet and outlet counts, member areas and whether an outline is set', async () => {
    renderPage();
    await screen.findByText('东区计量分区');
    const tags = (text: string) => screen.getAllByText(text).filter((el) => el.closest('.bp6-tag'));
    expect(tags('计量分区')).toHaveLength(1);
    expect(tags('考核区')).toHaveLength(1);
    expect(tags('已设置')).toHaveLength(1);
    expect(tags('未设置')).toHaveLength(1);
    expect(screen.getByText('东四小区、东五小区')).toBeTruthy();
    expect(screen.getByText('420')).toBeTruthy();
    // two inlets, one outlet
    const cells = (text: string) => screen.getAllByText(text).filter((el) => el.closest('[role="cell"]'));
    expect(cells('2').length).toBeGreaterThan(0);
    expect(cells('1').length).toBeGreaterThan(0);
  });

  it('refuses an empty name (the shared rule), sending nothing, and brings the field in error to the cursor', async () => {
    const { calls } = renderPage();
    await screen.findByText('东区计量分区');
    await userEvent.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('分区名称') as HTMLInputElement;
    // the name is marked required, on its input too (its own input, not the form's)
    expect(name.required).toBe(true);
    expect(name.closest('.bp6-form-group')?.classList.contains('wo-required')).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入分区名称')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));
    // a field further down, once the name is given
    await userEvent.type(name, '北区');
    const mains = within(dialog).getByLabelText('干管长度（km）');
    await userEvent.type(mains, '-3');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(document.activeElement).toBe(mains));
    expect(calls.filter((c) => c.url.includes('/dma/district/save'))).toHaveLength(0);
  });

  it('says a taken name as the user types (debounced) and saves a free one with numbers and ids', async () => {
    const { calls } = renderPage(['admin'], (name) => name === '东区计量分区');
    await screen.findByText('东区计量分区');
    await userEvent.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('分区名称');
    await userEvent.type(name, '东区计量分区');
    expect(await within(dialog).findByText('分区名称已存在', {}, { timeout: 2000 })).toBeTruthy();
    // one check for the whole word, not one per key
    expect(calls.filter((c) => c.url.includes('/checkDistrictName'))).toHaveLength(1);
    await userEvent.clear(name);
    await userEvent.type(name, '北区');
    await waitFor(() => expect(within(dialog).queryByText('分区名称已存在')).toBeNull());
    await userEvent.type(within(dialog).getByLabelText('干管长度（km）'), '3.5');
    await userEvent.type(within(dialog).getByLabelText('用户接管数'), '1.5');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入整数')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('用户接管数'));
    await userEvent.type(within(dialog).getByLabelText('用户接管数'), '1200');
    // the legitimate night use stated in m³/h (issue 19): checked against its limits, then sent as a number
    const nightUse = within(dialog).getByLabelText('夜间合法用水（m³/h）');
    await userEvent.type(nightUse, '-2');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入不小于 0 且不超过上限的数值')).toBeTruthy();
    await userEvent.clear(nightUse);
    await userEvent.type(nightUse, '2.4');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.find((c) => c.url.includes('/dma/district/save'))).toBeTruthy());
    expect(calls.find((c) => c.url.includes('/dma/district/save'))?.body).toMatchObject({
      districtName: '北区',
      kind: 1,
      parentId: null,
      mainsLengthKm: 3.5,
      connections: 1200,
      nightUseM3h: 2.4,
      inletMeterIds: [],
      areaIds: [],
    });
  });

  it('opens an edit with the district’s meters by role and its areas, keeping its own name unchecked', async () => {
    const { calls } = renderPage();
    await screen.findByText('东区计量分区');
    await userEvent.click((await screen.findAllByRole('button', { name: '编辑' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('分区名称') as HTMLInputElement).value).toBe('东区计量分区');
    expect(within(dialog).getByText('IN-001')).toBeTruthy();
    expect(within(dialog).getByText('IN-002')).toBeTruthy();
    expect(within(dialog).getByText('OUT-001')).toBeTruthy();
    expect(within(dialog).getByText('东五小区')).toBeTruthy();
    expect((within(dialog).getByLabelText('干管长度（km）') as HTMLInputElement).value).toBe('12.5');
    await new Promise((r) => setTimeout(r, 600));
    expect(calls.filter((c) => c.url.includes('/checkDistrictName'))).toHaveLength(0);
  });

  it('offers no create to a user who may only view districts', async () => {
    renderPage(['dma:district:view']);
    await screen.findByText('东区计量分区');
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });

  it('speaks English', async () => {
    renderPage(['admin'], undefined, 'en');
    await screen.findByText('东区计量分区');
    expect(screen.getAllByText('Metering zone').some((el) => el.closest('.bp6-tag'))).toBe(true);
    expect(screen.getAllByText('Not set').some((el) => el.closest('.bp6-tag'))).toBe(true);
    expect(screen.getAllByRole('button', { name: 'Import outline' }).length).toBe(2);
  });
});

describe('the district form rules', () => {
  const fields = districtResource([], () => undefined).form?.fields ?? [];
  const check = (key: string, values: Record<string, string>) =>
    (fields.find((f) => f.key === key)?.rules ?? []).map((r) => r(values[key] ?? '', values)).find(Boolean) ?? null;
  const meters = (...ids: number[]) => JSON.stringify(ids.map((id) => ({ id, label: `M${id}` })));

  it('refuses a meter in two roles (the shared validateDistrict), on the second role', () => {
    const values = { districtName: '东区', inletMeterIds: meters(1, 2), outletMeterIds: meters(2) };
    expect(check('inletMeterIds', values)).toBeNull();
    expect(check('outletMeterIds', values)).toBe('rules.districtMeter.oneRole');
    expect(check('outletMeterIds', { ...values, outletMeterIds: meters(3) })).toBeNull();
  });

  it('requires the name', () => {
    expect(check('districtName', { districtName: '' })).toBe('rules.districtName.required');
    expect(check('districtName', { districtName: '东区' })).toBeNull();
  });

  it.each([
    ['', 100, false, null],
    ['12.5', 100, false, null],
    ['-1', 100, false, 'dma.district.errors.range'],
    ['101', 100, false, 'dma.district.errors.range'],
    ['abc', 100, false, 'dma.district.errors.range'],
    ['3.5', 100, true, 'dma.district.errors.integer'],
    ['3', 100, true, null],
  ])('number %j up to %d (whole: %s) is %s', (value, max, integer, expected) => {
    expect(numberRule(max, integer)(value, {})).toBe(expected);
  });
});

describe('the outline import dialog', () => {
  const open = (d: District = west, locale?: 'zh-CN' | 'en') => {
    const onClose = vi.fn();
    const calls = serve();
    const view = renderWithStore(
      <OutlineImportDialog district={d} onClose={onClose} />,
      { session: { signedIn: true } },
      locale,
    );
    return { ...view, calls, onClose };
  };

  it('reads pasted lines, previews them and saves them converted to BD-09', async () => {
    const { calls, onClose } = open();
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: '保存' });
    expect(save).toHaveProperty('disabled', true);
    await userEvent.selectOptions(within(dialog).getByLabelText('坐标系'), 'BD-09');
    await userEvent.type(within(dialog).getByLabelText('粘贴内容'), '116.4,39.9{enter}116.41,39.9{enter}116.41,39.91');
    expect(within(dialog).getByRole('img', { name: '边界预览' })).toBeTruthy();
    expect(within(dialog).getByText('共 3 个点，将转换为 BD-09 保存')).toBeTruthy();
    await userEvent.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.url.includes('/dma/dmadistrictposition'))?.body).toEqual({
      id: 8,
      polygon: [
        [116.4, 39.9],
        [116.41, 39.9],
        [116.41, 39.91],
      ],
    });
  });

  it('says why a paste cannot be read, in both languages', async () => {
    open();
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('粘贴内容'), '116.4,39.9{enter}abc');
    expect(within(dialog).getByRole('alert').textContent).toBe('第 2 行不是“经度,纬度”');
  });

  it('says why in English and converts WGS-84 by default', async () => {
    const { calls } = open(west, 'en');
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('Paste'));
    await userEvent.paste('{"type": "Point", "coordinates": [1, 2]}');
    expect(within(dialog).getByRole('alert').textContent).toBe('No polygon found (Polygon or MultiPolygon)');
    await userEvent.clear(within(dialog).getByLabelText('Paste'));
    await userEvent.click(within(dialog).getByLabelText('Paste'));
    await userEvent.paste(
      '{"type":"Polygon","coordinates":[[[116.4,39.9],[116.41,39.9],[116.41,39.91],[116.4,39.9]]]}',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.url.includes('/dmadistrictposition'))).toBeTruthy());
    const body = calls.find((c) => c.url.includes('/dmadistrictposition'))?.body as { polygon: number[][] };
    expect(body.polygon).toHaveLength(3);
    expect(body.polygon[0]?.[0]).not.toBe(116.4);
  });

  it('clears an outline already set', async () => {
    const { calls } = open(district());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: '当前边界' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '清除边界' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/dmadistrictposition'))?.body).toEqual({ id: 7, polygon: null }),
    );
  });
});
