// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceListPage } from './ResourceListPage.tsx';
import { meterResource, renderMeters } from './testResource.tsx';

const ui = {
  create: () => screen.findByRole('button', { name: '新增' }),
  dialog: () => screen.findByRole('dialog', { name: '新增水表' }),
  code: () => within(screen.getByRole('dialog')).getByLabelText('用户名'),
  mobile: () => within(screen.getByRole('dialog')).getByLabelText('手机号码'),
  ok: (dialog: HTMLElement) => within(dialog).getByRole('button', { name: '确定' }),
};

const scrolled = vi.fn();
beforeEach(() => {
  // jsdom has no scrollIntoView: record which form group the dialog brings into view
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled(this);
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  scrolled.mockReset();
  delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
});
const groupOf = (input: HTMLElement) => input.closest('.bp6-form-group');

const saves = (calls: ReturnType<typeof renderMeters>['calls']) => calls.filter((c) => c.url.includes('/save'));

const openCreate = async (server: Parameters<typeof renderMeters>[1] = {}) => {
  const view = renderMeters(['meter:edit'], { save: { resp_code: 0, resp_msg: 'ok', datas: null }, ...server });
  await userEvent.click(await ui.create());
  return { ...view, dialog: await ui.dialog() };
};

describe('the descriptor edit dialog', () => {
  it("shows the rules' exact messages and sends nothing", async () => {
    const { dialog, calls } = await openCreate();
    await userEvent.type(ui.code(), '   ');
    await userEvent.click(ui.ok(dialog));
    expect(within(dialog).getByText('用户名不能为空')).toBeTruthy();
    expect(within(dialog).getByText('请输入手机号码')).toBeTruthy();
    await userEvent.type(ui.mobile(), '12800000000');
    await userEvent.tab();
    expect(within(dialog).getByText('手机号码格式不对')).toBeTruthy();
    expect(saves(calls)).toEqual([]);
  });

  it('marks the fields whose rules refuse an empty value as required, with an asterisk and on the input', async () => {
    const { dialog } = await openCreate();
    // both rules refuse an empty value (用户名不能为空, 请输入手机号码)
    for (const input of [ui.code(), ui.mobile()]) {
      expect((input as HTMLInputElement).required).toBe(true);
      expect(groupOf(input)?.classList.contains('wo-required')).toBe(true);
    }
    // the asterisk is drawn by CSS: the label still names the input exactly
    expect(within(dialog).getByText('用户名').textContent).toBe('用户名 ');
  });

  it('brings the first field in error into view and focuses it, in the order shown', async () => {
    const { dialog } = await openCreate();
    await userEvent.type(ui.code(), 'M0009');
    await userEvent.click(ui.ok(dialog));
    await waitFor(() => expect(document.activeElement).toBe(ui.mobile()));
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled).toHaveBeenCalledWith(groupOf(ui.mobile()));
  });

  it("brings the field a server's 400 names into view too", async () => {
    const { dialog } = await openCreate({
      save: [400, { resp_code: 400, resp_msg: '长度不能超过 20 个字符', field: 'code', datas: null }],
    });
    await userEvent.type(ui.code(), 'M0009');
    await userEvent.type(ui.mobile(), '13912345678');
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('长度不能超过 20 个字符')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(ui.code()));
    expect(scrolled).toHaveBeenCalledWith(groupOf(ui.code()));
  });

  it('sends trimmed values once, however often OK is pressed', async () => {
    const { dialog, calls, messages } = await openCreate();
    await userEvent.type(ui.code(), '  M0009 ');
    await userEvent.type(ui.mobile(), ' 13912345678 ');
    await userEvent.dblClick(ui.ok(dialog));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]?.body).toEqual({ code: 'M0009', mobile: '13912345678' });
    expect(calls.find((c) => c.url.includes('/exist'))?.url).toContain('code=M0009');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(messages).toEqual([]);
  });

  it('refuses a taken code after the exist call, without saving', async () => {
    const { dialog, calls } = await openCreate({ taken: true });
    await userEvent.type(ui.code(), 'M0001');
    await userEvent.type(ui.mobile(), '13912345678');
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('用户名已存在')).toBeTruthy();
    expect(saves(calls)).toEqual([]);
  });

  it("shows the server's 400 under the field it names", async () => {
    const { dialog } = await openCreate({
      save: [400, { resp_code: 400, resp_msg: '编号格式不对', field: 'code', datas: null }],
    });
    await userEvent.type(ui.code(), 'M0009');
    await userEvent.type(ui.mobile(), '13912345678');
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('编号格式不对')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('keeps what was typed when the page rebuilds its descriptor while the dialog is open', async () => {
    const { dialog, rerender, store } = await openCreate();
    await userEvent.type(ui.code(), 'M0042');
    // a page whose descriptor is built from data (parent choices, areas) gets a new one when that data arrives
    const rebuilt = { ...meterResource, form: { ...meterResource.form!, fields: [...meterResource.form!.fields] } };
    rerender(
      <Provider store={store}>
        <MemoryRouter>
          <ResourceListPage descriptor={rebuilt} />
        </MemoryRouter>
      </Provider>,
    );
    expect(within(dialog).getByLabelText('用户名')).toHaveProperty('value', 'M0042');
  });
});
