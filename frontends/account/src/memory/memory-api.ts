import { api, type MemoryItem, type MemoryKind } from '@innerview/api-client';

export {
  MEMORY_TEXT_MAX,
  type MemoryItem,
  type MemoryKind,
  memoryKinds as MEMORY_KINDS,
} from '@innerview/api-client';

/** The memory calls (chat service), on the shell's one api; 'Memory' is this area's own tag. */
export const memoryApi = api.enhanceEndpoints({ addTagTypes: ['Memory'] }).injectEndpoints({
  endpoints: (build) => ({
    getMemory: build.query<{ items: MemoryItem[]; enabled: boolean }, void>({
      query: () => ({ url: '/memory/' }),
      providesTags: ['Memory'],
    }),
    addMemoryItem: build.mutation<MemoryItem, { text: string; kind: MemoryKind }>({
      query: (body) => ({ url: '/memory/', method: 'POST', body }),
      invalidatesTags: ['Memory'],
    }),
    editMemoryItem: build.mutation<MemoryItem, { id: string; text: string; kind: MemoryKind }>({
      query: ({ id, ...body }) => ({ url: `/memory/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: ['Memory'],
    }),
    deleteMemoryItem: build.mutation<void, string>({
      query: (id) => ({ url: `/memory/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Memory'],
    }),
    setMemoryEnabled: build.mutation<{ enabled: boolean }, boolean>({
      query: (enabled) => ({ url: '/memory/settings', method: 'PUT', body: { enabled } }),
      invalidatesTags: ['Memory'],
    }),
  }),
});

export const {
  useGetMemoryQuery,
  useAddMemoryItemMutation,
  useEditMemoryItemMutation,
  useDeleteMemoryItemMutation,
  useSetMemoryEnabledMutation,
} = memoryApi;
