// Public interface of the chat remote's attachments (issue #8). The conversation and composer
// import only from here.
export { AttachButton } from './attach-button.tsx';
export { DropZone } from './drop-zone.tsx';
export { useFilesAttachedLabel } from './files-attached-label.ts';
export { MessageAttachments } from './message-attachments.tsx';
export { SelectedAttachments } from './selected-attachments.tsx';
export { attachmentsOfTranscript } from './transcript.ts';
export type { AttachmentStatus, SelectedAttachment, SentAttachment, UploadResult } from './types.ts';
export { UPLOAD_PAUSE_MS, type UseAttachments, useAttachments } from './use-attachments.ts';
