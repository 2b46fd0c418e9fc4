// The part of RTK Query's React entry (`@reduxjs/toolkit/query/react`) the shell shares with the
// remotes (host-shared.ts); see rtk-query-client.mjs. Only the shell provides this file.
export { createApi, fetchBaseQuery, QueryStatus, skipToken } from '@reduxjs/toolkit/query/react';
