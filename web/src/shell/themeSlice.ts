// The theme drawer's saved settings (spec §2: theme, layout, header, multi-tab), persisted in localStorage.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { settings, type ThemeSettings } from '../app/settings.ts';

const THEMES = ['ocean', 'green'];
const LAYOUTS = ['vertical', 'horizontal'];
const HEADERS = ['fixed', 'noFixed'];

/** Reads stored settings, falling back per field to the defaults (a stale or hand-edited entry cannot break it). */
export const parseTheme = (raw: string | null): ThemeSettings => {
  const d = settings.defaultTheme;
  if (!raw) return { ...d };
  try {
    const v = JSON.parse(raw) as Partial<Record<keyof ThemeSettings, unknown>>;
    return {
      name: THEMES.includes(v.name as string) ? (v.name as ThemeSettings['name']) : d.name,
      layout: LAYOUTS.includes(v.layout as string) ? (v.layout as ThemeSettings['layout']) : d.layout,
      header: HEADERS.includes(v.header as string) ? (v.header as ThemeSettings['header']) : d.header,
      tagsBar: typeof v.tagsBar === 'boolean' ? v.tagsBar : d.tagsBar,
    };
  } catch {
    return { ...d };
  }
};

export const loadTheme = (): ThemeSettings => parseTheme(localStorage.getItem(settings.themeStorageKey));

export const themeSlice = createSlice({
  name: 'theme',
  initialState: (): ThemeSettings => loadTheme(),
  reducers: {
    themeSaved: (_state, action: PayloadAction<ThemeSettings>) => action.payload,
    themeRestored: () => ({ ...settings.defaultTheme }),
  },
});

export const { themeSaved, themeRestored } = themeSlice.actions;
