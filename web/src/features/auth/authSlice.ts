import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Network, NetworkPermissions, Nfo, OrganizationBundle, User } from '../../api/types';

export type NetworkContextStatus = 'loading' | 'ready' | 'failed';

export interface AuthState {
  user: User | null;
  /** Per network id; absent data means all rights (spec §6). */
  permissions: Record<string, NetworkPermissions>;
  nfos: Nfo[];
  shardFeatures: string[];
  networks: Network[];
  passwordExpired: boolean;
  orgSwitchError: string | null;
  /** Network-context calls of administrators, per network id. */
  networkContexts: Record<string, NetworkContextStatus>;
  /**
   * The network of the address, entered by the start-up flow beside its own calls; the network gate's first entry of
   * that network joins this call instead of making another (features/auth/startup.ts).
   */
  earlyEntry: number | null;
}

export const initialAuthState: AuthState = {
  user: null,
  permissions: {},
  nfos: [],
  shardFeatures: [],
  networks: [],
  passwordExpired: false,
  orgSwitchError: null,
  networkContexts: {},
  earlyEntry: null,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    userLoaded(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.passwordExpired = Boolean(action.payload.password_expired);
    },
    /** No user in session (login mode) or any other session error: nor is there an expired password to change. */
    signedOut(state) {
      state.user = null;
      state.passwordExpired = false;
      state.permissions = {};
      state.networkContexts = {};
      state.earlyEntry = null;
    },
    passwordExpired(state) {
      state.user = null;
      state.passwordExpired = true;
    },
    orgDataLoaded(
      state,
      action: PayloadAction<{ nfos: Nfo[]; shardFeatures: string[]; networks: Network[] }>,
    ) {
      state.nfos = action.payload.nfos;
      state.shardFeatures = action.payload.shardFeatures;
      state.networks = action.payload.networks;
    },
    bundleLoaded(state, action: PayloadAction<OrganizationBundle>) {
      const bundle = action.payload;
      state.user = bundle.user;
      state.nfos = bundle.nfos;
      state.shardFeatures = bundle.shard_features;
      state.networks = bundle.networks;
      state.permissions = bundle.permissions;
    },
    orgSwitchFailed(state, action: PayloadAction<string>) {
      state.orgSwitchError = action.payload;
    },
    networkContextStarted(state, action: PayloadAction<number>) {
      state.networkContexts[action.payload] = 'loading';
    },
    earlyEntryStarted(state, action: PayloadAction<number>) {
      state.earlyEntry = action.payload;
    },
    earlyEntryJoined(state) {
      state.earlyEntry = null;
    },
    networkContextLoaded(state, action: PayloadAction<NetworkPermissions>) {
      state.permissions[action.payload.network_id] = action.payload;
      state.networkContexts[action.payload.network_id] = 'ready';
    },
    networkContextFailed(state, action: PayloadAction<number>) {
      state.networkContexts[action.payload] = 'failed';
    },
  },
});

export const authActions = authSlice.actions;
