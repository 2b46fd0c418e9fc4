// The part of RTK Query (`@reduxjs/toolkit/query`) the shell shares with the remotes
// (host-shared.ts). Remotes add their calls to the one api of @innerview/api-client with
// `injectEndpoints`, so they need few of its exports. A remote or shared package that needs another
// adds it here; shared-subsets.test.ts fails until it does. Only the shell provides this file.
export { fetchBaseQuery, QueryStatus, skipToken } from '@reduxjs/toolkit/query';
