// Renders a component with the real store, i18next (zh-CN unless told) and a request layer over a fake fetch.
import { render } from '@testing-library/react';
import type { Locale } from '@waterops/shared/i18n';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { configureRequest } from '../api/request.ts';
import { i18n, setUpI18n } from '../app/i18n.ts';
import { makeStore, type RootState } from '../app/store.ts';

export type FakeRoute = (url: string, init: RequestInit) => unknown;

/** A fake fetch answering JSON from `route`; the calls are kept for assertions. */
export const fakeFetch = (route: FakeRoute) => {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const body = typeof init.body === 'string' && init.body.startsWith('{') ? JSON.parse(init.body) : init.body;
    calls.push({ url, method: init.method ?? 'GET', body });
    const answer = route(url, init);
    const [status, payload] = Array.isArray(answer) ? answer : [200, answer];
    return new Response(JSON.stringify(payload), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
};

export const renderWithStore = (ui: ReactElement, preloaded?: Partial<RootState>, locale: Locale = 'zh-CN') => {
  setUpI18n(locale);
  const messages: string[] = [];
  configureRequest({
    getToken: () => 'token',
    getLocale: () => locale,
    translate: (key, params) => i18n.t(key, params ?? {}),
    showMessage: (text) => messages.push(text),
  });
  const store = makeStore(preloaded);
  const view = render(
    <Provider store={store}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Provider>,
  );
  return { ...view, store, messages };
};
