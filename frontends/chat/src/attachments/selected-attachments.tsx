import type { SelectedAttachment } from './types.ts';

export function SelectedAttachments(_props: {
  attachments: SelectedAttachment[];
  onRemove(key: string): void;
  disabled?: boolean;
}) {
  return null;
}
