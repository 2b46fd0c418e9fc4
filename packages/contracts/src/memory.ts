import { z } from 'zod';

/** docs/product.md#memory: the kinds and sources of a memory item. */
export const memoryKinds = ['goal', 'value', 'person', 'helps', 'change', 'preference', 'other'] as const;
export type MemoryKind = (typeof memoryKinds)[number];
export const memorySources = ['questionnaire', 'conversation', 'person'] as const;
export type MemorySource = (typeof memorySources)[number];
/** The longest item a person writes (the API's limit). */
export const MEMORY_TEXT_MAX = 500;

/** docs/product.md#memory "Memory item", as every memory call returns it. */
export const MemoryItem = z.object({
  id: z.uuid(),
  kind: z.enum(memoryKinds),
  text: z.string(),
  source: z.enum(memorySources),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MemoryItem = z.infer<typeof MemoryItem>;
