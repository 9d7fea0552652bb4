import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ShellDialog = 'change-org' | 'network-select' | 'two-factor' | 'update' | 'feedback' | null;

export interface ShellState {
  dialog: ShellDialog;
}

export const shellSlice = createSlice({
  name: 'shell',
  initialState: { dialog: null } as ShellState,
  reducers: {
    dialogOpened(state, action: PayloadAction<Exclude<ShellDialog, null>>) {
      state.dialog = action.payload;
    },
    dialogClosed(state) {
      state.dialog = null;
    },
  },
});

export const shellActions = shellSlice.actions;
