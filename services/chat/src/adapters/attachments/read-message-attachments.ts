import { HttpError } from '@innerview/kit';
import type { ChatContext } from '../../chat-context.ts';
import { type AttachmentsRead, AttachmentsRefused, noAttachments } from './attachment-texts.ts';
import { attachmentNote } from './coach-attachments.ts';

export interface MessageAttachments {
  read: AttachmentsRead;
  /** The hidden note to store before the message, or null. */
  note: string | null;
}

/**
 * Reads a message's files before its reply starts, so that a file of another person (404) or of
 * another session (422) refuses the send as a JSON error; anything else (files service down or
 * slow) lets the reply come, and the coach says it could not read the files.
 */
export async function readMessageAttachments(
  chat: ChatContext,
  input: { userId: string; sessionId: string; fileIds: string[] },
): Promise<MessageAttachments> {
  if (input.fileIds.length === 0) return { read: noAttachments, note: null };
  const { config } = chat.service;
  try {
    const read = await chat.attachments.read({
      ...input,
      includeImages: chat.coach.kind === 'openai' && config.OPENAI_ACCEPTS_IMAGES,
    });
    return { read, note: attachmentNote(read) };
  } catch (err) {
    if (err instanceof AttachmentsRefused) throw new HttpError(err.status, err.message, err.code);
    throw err;
  }
}
