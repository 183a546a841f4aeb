// Shell state that is not a setting: side bar collapsed, the mobile drawer, the device class, view reloads.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type Device = 'desktop' | 'mobile';

export type LayoutState = {
  collapsed: boolean;
  /** mobile: the side bar drawer is open */
  drawerOpen: boolean;
  device: Device;
  /** the reload button remounts the view at `path`; `count` makes each reload a new key */
  reloaded: { path: string; count: number };
  /** the shell dialog or drawer that is open */
  dialog: ShellDialog | null;
};

export type ShellDialog = 'profile' | 'password' | 'theme' | 'errorLog' | 'logout';

const initialState: LayoutState = {
  collapsed: false,
  drawerOpen: false,
  device: 'desktop',
  reloaded: { path: '', count: 0 },
  dialog: null,
};

export const layoutSlice = createSlice({
  name: 'layout',
  initialState,
  reducers: {
    sideBarToggled: (state) => {
      if (state.device === 'mobile') state.drawerOpen = !state.drawerOpen;
      else state.collapsed = !state.collapsed;
    },
    drawerClosed: (state) => {
      state.drawerOpen = false;
    },
    deviceDetected: (state, action: PayloadAction<Device>) => {
      state.device = action.payload;
      if (action.payload === 'desktop') state.drawerOpen = false;
    },
    viewReloaded: (state, action: PayloadAction<string>) => {
      state.reloaded = { path: action.payload, count: state.reloaded.count + 1 };
    },
    dialogOpened: (state, action: PayloadAction<ShellDialog>) => {
      state.dialog = action.payload;
    },
    dialogClosed: (state) => {
      state.dialog = null;
    },
  },
});

export const { sideBarToggled, drawerClosed, deviceDetected, viewReloaded, dialogOpened, dialogClosed } =
  layoutSlice.actions;
