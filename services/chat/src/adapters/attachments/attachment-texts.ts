/**
 * The port through which the chat service reads the files attached to a message: their names,
 * types and extracted text (and image data for a model that accepts images). The files service
 * answers it (`files-attachment-texts.ts`); `unavailableAttachmentTexts` stands in when no files
 * service is configured, and the coach then says it could not read the files.
 */

/** One attached file as the coach may use it. */
export interface AttachedFile {
  id: string;
  name: string;
  /** Detected media type. */
  type: string;
  /** Bytes, when the files service said. */
  size?: number;
  /** Extracted text (PDF, DOCX, TXT, MD); null for images; may be '' (a scanned PDF). */
  text: string | null;
  image: boolean;
  /** Base64 of an image, only when asked for (a model that accepts images). */
  imageData?: string;
}

export interface AttachmentsRead {
  /** The person's files, in the order sent. */
  files: AttachedFile[];
  /** The files could not be read (files service down, too slow, not configured). */
  unreadable: boolean;
}

/** The files are not the person's (404) or belong to another session (422): the send is refused. */
export class AttachmentsRefused extends Error {
  override name = 'AttachmentsRefused';
  readonly status: 404 | 422;
  readonly code: string;
  constructor(status: 404 | 422, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export interface ReadAttachmentsInput {
  userId: string;
  /** The session the message goes to: files of another session are refused, unbound ones join it. */
  sessionId: string;
  fileIds: string[];
  /** Ask for image data (only when the configured model accepts images). */
  includeImages: boolean;
  signal?: AbortSignal;
}

export interface AttachmentTexts {
  /** Never rejects except with `AttachmentsRefused`; any other failure is `unreadable: true`. */
  read(input: ReadAttachmentsInput): Promise<AttachmentsRead>;
}

export const unavailableAttachmentTexts: AttachmentTexts = {
  async read() {
    return { files: [], unreadable: true };
  },
};

export const noAttachments: AttachmentsRead = { files: [], unreadable: false };
