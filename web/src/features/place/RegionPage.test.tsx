// @vitest-environment jsdom
// The region form as a new user meets it (issue 16.10): the title names one region, the required name is marked,
// the name input stops at the schema's 20 characters (spec §5 "label at most 20 characters"), and a refused submit
// brings the field into view with its message.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Region } from '@waterops/shared/place';
import { NAME_MAX } from '@waterops/shared/rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUIRED_CLASS } from '../../components/FormField.tsx';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { RegionPage } from './RegionPage.tsx';

const region = (id: number, regionName: string): Region => ({
  id,
  regionName,
  remark: null,
  areaCount: 0,
  createTime: '2024-05-01T08:00:00Z',
});
/** saved before the limit: 240 characters */
const LONG = '长'.repeat(240);

const ui = {
  dialog: (name: string) => screen.findByRole('dialog', { name }),
  name: (dialog: HTMLElement) => within(dialog).getByLabelText('片区名称') as HTMLInputElement,
  remark: (dialog: HTMLElement) => within(dialog).getByLabelText('备注') as HTMLInputElement,
  ok: (dialog: HTMLElement) => within(dialog).getByRole('button', { name: '确定' }),
};

const scrolled = vi.fn();
beforeEach(() => {
  // jsdom lays nothing out and has no scrollIntoView: record which element was asked to come into view
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled(this);
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  scrolled.mockReset();
  delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
});

const renderRegions = (locale: 'zh-CN' | 'en' = 'zh-CN', rows = [region(1, '东城片区')]) => {
  const calls = fakeUserServer(demoUser({ permissions: ['admin'] }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/data/region/list')) return { code: 0, msg: 'ok', count: rows.length, data: rows };
    if (path.endsWith('/exist')) return { resp_code: 0, resp_msg: 'ok', datas: false };
    return undefined;
  });
  const saves = () => calls.filter((c) => /\/data\/region\/(save|update)/.test(c.url));
  return { ...renderWithStore(<RegionPage />, { session: { signedIn: true } }, locale), saves };
};

describe('the region form', () => {
  it('names one region in its title, marks the required name and stops it at 20 characters', async () => {
    renderRegions();
    await userEvent.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await ui.dialog('新增片区');
    const name = ui.name(dialog);
    expect(name.required).toBe(true);
    expect(name.closest('.bp6-form-group')?.classList.contains(REQUIRED_CLASS)).toBe(true);
    expect(name.maxLength).toBe(NAME_MAX);
    // the remark is optional and keeps its own longer limit
    expect(ui.remark(dialog).required).toBe(false);
    expect(ui.remark(dialog).closest('.bp6-form-group')?.classList.contains(REQUIRED_CLASS)).toBe(false);
    expect(ui.remark(dialog).maxLength).toBe(200);
    await userEvent.type(name, '一二三四五六七八九十一二三四五六七八九十超出');
    expect(name.value).toHaveLength(NAME_MAX);
  });

  it('brings the empty required name into view, focused, with its message, and sends nothing', async () => {
    const { saves } = renderRegions();
    await userEvent.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await ui.dialog('新增片区');
    await userEvent.type(ui.remark(dialog), '先填备注');
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('片区名称不能为空')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(ui.name(dialog)));
    expect(scrolled).toHaveBeenCalledWith(ui.name(dialog).closest('.bp6-form-group'));
    expect(saves()).toEqual([]);
  });

  it('refuses a name saved before the limit until it is shortened, saying how long it may be', async () => {
    const { saves } = renderRegions('zh-CN', [region(2, LONG)]);
    await userEvent.click(await screen.findByRole('button', { name: '编辑' }));
    const dialog = await ui.dialog('编辑片区');
    expect(ui.name(dialog).value).toBe(LONG);
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('长度不能超过 20 个字符')).toBeTruthy();
    expect(saves()).toEqual([]);
  });

  it('reads "New region" in English', async () => {
    renderRegions('en');
    await userEvent.click(await screen.findByRole('button', { name: 'New' }));
    expect(await ui.dialog('New region')).toBeTruthy();
  });
});
