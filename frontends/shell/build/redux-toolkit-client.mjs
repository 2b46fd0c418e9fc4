// The part of Redux Toolkit the shell shares with the remotes (host-shared.ts): the store and
// slice API. Remotes reach the store through @innerview/api-client and react-redux, so they rarely
// import Redux Toolkit themselves; the listener middleware, entity adapters, lazy slices and
// dynamic middleware are left out (the shell does not use them either, so they would only add to
// /login). A remote or shared package that needs another export adds it here;
// shared-subsets.test.ts fails until it does. Only the shell provides this file: it imports the
// package by its own name, which a remote's build would route back through the share.
export {
  combineReducers,
  configureStore,
  createAction,
  createAsyncThunk,
  createSelector,
  createSlice,
  isAnyOf,
} from '@reduxjs/toolkit';
