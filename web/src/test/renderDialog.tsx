// Setup shared by the shell dialogs' tests: the signed-in demo user, a fake server that knows them, and the dialog
// rendered open in a signed-in store.

import type { Locale } from '@waterops/shared/i18n';
import type { CurrentUser } from '@waterops/shared/user';
import type { ReactElement } from 'react';
import { layoutSlice, type ShellDialog } from '../shell/layoutSlice.ts';
import { type FakeRoute, fakeFetch, renderWithStore } from './renderWithStore.tsx';

/** The demo administrator as `/users/current` returns it, with any field replaced. */
export const demoUser = (changes: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 7,
  username: 'admin',
  nickname: 'Admin',
  mobile: null,
  headImgUrl: null,
  companyId: 1,
  companyName: 'Demo',
  createTime: '2024-01-01T00:00:00Z',
  permissions: ['admin'],
  roles: [],
  ...changes,
});

const ok = { resp_code: 0, resp_msg: 'ok', datas: null };

/** A fake fetch where `/users/current` answers `user` and `route` the rest (a plain success when it has no answer). */
export const fakeUserServer = (user: CurrentUser, route: FakeRoute = () => undefined) =>
  fakeFetch((url, init) => {
    if (url.includes('/users/current')) return { resp_code: 0, resp_msg: 'ok', datas: user };
    return route(url, init) ?? ok;
  });

/** Renders `ui` signed in, with the shell's `dialog` open. */
export const renderDialog = (ui: ReactElement, dialog: ShellDialog, locale?: Locale) =>
  renderWithStore(ui, { layout: { ...layoutSlice.getInitialState(), dialog }, session: { signedIn: true } }, locale);
