// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { makeStore } from '../app/store.ts';
import { parseTheme, themeRestored, themeSaved } from './themeSlice.ts';

describe('theme settings', () => {
  it('defaults to ocean, vertical, fixed header, tags bar on', () => {
    expect(parseTheme(null)).toEqual({ name: 'ocean', layout: 'vertical', header: 'fixed', tagsBar: true });
    expect(parseTheme('{broken')).toEqual(parseTheme(null));
    expect(parseTheme('{"name":"pink","layout":"horizontal"}')).toMatchObject({ name: 'ocean', layout: 'horizontal' });
  });

  it('save stores them locally and a new store starts from them; restore goes back to the default', () => {
    const store = makeStore();
    store.dispatch(themeSaved({ name: 'green', layout: 'horizontal', header: 'noFixed', tagsBar: false }));
    expect(JSON.parse(localStorage.getItem('theme') ?? '{}')).toMatchObject({ name: 'green', tagsBar: false });
    expect(makeStore().getState().theme).toEqual({
      name: 'green',
      layout: 'horizontal',
      header: 'noFixed',
      tagsBar: false,
    });
    store.dispatch(themeRestored());
    expect(store.getState().theme.name).toBe('ocean');
    expect(localStorage.getItem('theme')).toBeNull();
  });
});
