import type { SentAttachment } from './types.ts';

export function MessageAttachments(_props: { attachments: SentAttachment[] }) {
  return null;
}
