export type AttachmentStatus = 'selected' | 'uploading' | 'uploaded' | 'error';

/** docs/product.md#file-records "Selected file (client)": a file chosen for the next message, and its upload. */
export type SelectedAttachment = {
  key: string;
  file: File;
  name: string;
  size: number;
  type: string;
  status: AttachmentStatus;
  /** Upload progress, 0..1. */
  progress: number;
  fileId?: string;
  error?: string;
};

/** A file as shown on a sent message. */
export type SentAttachment = { id: string; name: string; size?: number; type?: string };

export type UploadResult = { fileIds: string[]; sessionId: string | null; sent: SentAttachment[] };
