import { ErrorBody } from '@innerview/contracts';
import { MEMORY_TEXT_MAX, MemoryItem, memoryKinds } from '@innerview/contracts/memory';
import { defineRoute, HttpError, type RouteDefinition } from '@innerview/kit';
import { z } from 'zod';
import {
  addMemoryItem,
  editMemoryItem,
  memoryEnabled,
  memoryOverview,
  removeMemoryItem,
  setMemoryEnabled,
} from '../actions/memory.ts';
import type { ChatContext } from '../chat-context.ts';

const MemoryKindSchema = z.enum(memoryKinds);
const MemoryText = z.string().trim().min(1).max(MEMORY_TEXT_MAX);
const MemorySettings = z.object({ enabled: z.boolean() });
const MemoryIdParams = z.object({ id: z.uuid() });
const CreateMemoryBody = z.object({ kind: MemoryKindSchema.optional(), text: MemoryText });
const EditMemoryBody = z
  .object({ kind: MemoryKindSchema.optional(), text: MemoryText.optional() })
  .refine((body) => body.kind !== undefined || body.text !== undefined, {
    message: 'Give the text, the kind or both',
  });

const notFound = { 404: { description: "Not one of the person's items", schema: ErrorBody } };

/** docs/product.md#memory: what the coach remembers, seen and controlled by the person. */
export function memoryRoutes(chat: ChatContext): RouteDefinition[] {
  return [
    // Before `/memory/:id`, so that 'settings' is never read as an item id.
    defineRoute({
      method: 'get',
      path: '/api/v1/memory/settings',
      summary: 'Whether the coach may remember (keep new items and use them)',
      tags: ['memory'],
      responses: { 200: { description: 'The switch', schema: MemorySettings } },
      handler: async ({ userId }) => ({ enabled: await memoryEnabled(chat, userId) }),
    }),
    defineRoute({
      method: 'put',
      path: '/api/v1/memory/settings',
      summary: 'Turn memory on or off (off: nothing new is kept, nothing is used; items stay)',
      tags: ['memory'],
      body: MemorySettings,
      responses: { 200: { description: 'The switch', schema: MemorySettings } },
      handler: ({ userId, body }) => setMemoryEnabled(chat, userId, body.enabled),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/memory/',
      summary: "The person's memory items, oldest first, and whether memory is on",
      tags: ['memory'],
      responses: {
        200: {
          description: 'Items and switch',
          schema: z.object({ items: z.array(MemoryItem), enabled: z.boolean() }),
        },
      },
      handler: ({ userId }) => memoryOverview(chat, userId),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/memory/',
      summary: 'Add an item of the person’s own (kind `other` unless given)',
      tags: ['memory'],
      body: CreateMemoryBody,
      status: 201,
      responses: {
        201: { description: 'The item', schema: MemoryItem },
        409: { description: 'The item limit is reached (MEMORY_LIMIT_REACHED)', schema: ErrorBody },
      },
      handler: ({ userId, body }) => addMemoryItem(chat, userId, body),
    }),
    defineRoute({
      method: 'patch',
      path: '/api/v1/memory/:id',
      summary: 'Edit an item’s text or kind',
      tags: ['memory'],
      params: MemoryIdParams,
      body: EditMemoryBody,
      responses: { 200: { description: 'The item', schema: MemoryItem }, ...notFound },
      handler: async ({ userId, params, body }) => {
        const item = await editMemoryItem(chat, userId, params.id, body);
        if (!item) throw new HttpError(404, 'Memory item not found');
        return item;
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/memory/:id',
      summary: 'Delete an item',
      tags: ['memory'],
      params: MemoryIdParams,
      status: 204,
      responses: { 204: { description: 'Deleted' }, ...notFound },
      handler: async ({ userId, params }) => {
        if (!(await removeMemoryItem(chat, userId, params.id)))
          throw new HttpError(404, 'Memory item not found');
      },
    }),
  ];
}
