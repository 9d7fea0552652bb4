import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../api/baseApi';
import { authSlice } from '../features/auth/authSlice';
import { preferencesListener, preferencesSlice } from '../features/preferences/preferencesSlice';
import { shellSlice } from '../features/shell/shellSlice';
import { appSlice } from './appSlice';

const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  [appSlice.name]: appSlice.reducer,
  [authSlice.name]: authSlice.reducer,
  [preferencesSlice.name]: preferencesSlice.reducer,
  [shellSlice.name]: shellSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault().prepend(preferencesListener.middleware).concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
