// The tags bar (one tab per visited route, pinned tabs stay) and the cached views kept mounted (max 99).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { settings } from '../app/settings.ts';

export type Tag = {
  /** route path (no query): the tab's identity */
  path: string;
  /** path with query, where the tab navigates back to */
  fullPath: string;
  title: string;
  /** pinned: cannot be closed */
  affix: boolean;
};

export type TagsState = {
  visited: Tag[];
  /** paths of views kept mounted, oldest first */
  cached: string[];
};

const initialState: TagsState = { visited: [], cached: [] };

/** Drops the oldest non-active cached views beyond `max`. */
export const limitCache = (cached: string[], active: string, max: number): string[] => {
  const kept = [...cached];
  while (kept.length > max) {
    const victim = kept.findIndex((p) => p !== active);
    if (victim < 0) break;
    kept.splice(victim, 1);
  }
  return kept;
};

const keepCachedFor = (state: TagsState, paths: Set<string>) => {
  state.cached = state.cached.filter((p) => paths.has(p));
};

export const tagsSlice = createSlice({
  name: 'tags',
  initialState,
  reducers: {
    /** a route was opened: add its tab (or refresh its query) and cache its view */
    routeVisited: (state, action: PayloadAction<Tag & { cache: boolean }>) => {
      const { cache, ...tag } = action.payload;
      const existing = state.visited.find((t) => t.path === tag.path);
      if (existing) {
        existing.fullPath = tag.fullPath;
        existing.title = tag.title;
      } else state.visited.push(tag);
      if (cache && !state.cached.includes(tag.path)) {
        state.cached = limitCache([...state.cached, tag.path], tag.path, settings.keepAliveMax);
      }
    },
    /** pinned tabs of the user's menus, added once the routes are known */
    affixTagsAdded: (state, action: PayloadAction<Tag[]>) => {
      const fresh = action.payload.filter((t) => !state.visited.some((v) => v.path === t.path));
      state.visited = [...fresh, ...state.visited];
    },
    tagClosed: (state, action: PayloadAction<string>) => {
      state.visited = state.visited.filter((t) => t.path !== action.payload || t.affix);
      keepCachedFor(state, new Set(state.visited.map((t) => t.path)));
    },
    otherTagsClosed: (state, action: PayloadAction<string>) => {
      state.visited = state.visited.filter((t) => t.affix || t.path === action.payload);
      keepCachedFor(state, new Set(state.visited.map((t) => t.path)));
    },
    leftTagsClosed: (state, action: PayloadAction<string>) => {
      const index = state.visited.findIndex((t) => t.path === action.payload);
      state.visited = state.visited.filter((t, i) => t.affix || i >= index);
      keepCachedFor(state, new Set(state.visited.map((t) => t.path)));
    },
    rightTagsClosed: (state, action: PayloadAction<string>) => {
      const index = state.visited.findIndex((t) => t.path === action.payload);
      state.visited = state.visited.filter((t, i) => t.affix || index < 0 || i <= index);
      keepCachedFor(state, new Set(state.visited.map((t) => t.path)));
    },
    allTagsClosed: (state) => {
      state.visited = state.visited.filter((t) => t.affix);
      keepCachedFor(state, new Set(state.visited.map((t) => t.path)));
    },
    /** sign-out: nothing survives */
    tagsCleared: () => initialState,
  },
});

export const {
  routeVisited,
  affixTagsAdded,
  tagClosed,
  otherTagsClosed,
  leftTagsClosed,
  rightTagsClosed,
  allTagsClosed,
  tagsCleared,
} = tagsSlice.actions;

/**
 * Where to go after tabs were closed: stay if the active tab survived, else the last remaining tab, else '/'.
 */
export const pathAfterClosing = (remaining: readonly Tag[], activePath: string): string | null => {
  if (remaining.some((t) => t.path === activePath)) return null;
  return remaining[remaining.length - 1]?.fullPath ?? '/';
};
