import type { ChatServiceContext } from '../../chat-context.ts';
import { type AttachmentTexts, unavailableAttachmentTexts } from './attachment-texts.ts';
import { filesAttachmentTexts } from './files-attachment-texts.ts';

/**
 * The files service at `FILES_URL`, called with signed calls (ADR 43); without it, attachments
 * cannot be read (the coach says so), which start-up logs once.
 */
export function configuredAttachmentTexts(service: ChatServiceContext): AttachmentTexts {
  const { config, log } = service;
  if (!config.FILES_URL) {
    log.warn('attachments cannot be read: FILES_URL is not set');
    return unavailableAttachmentTexts;
  }
  return filesAttachmentTexts({
    baseUrl: config.FILES_URL,
    calls: service.calls,
    timeoutMs: config.FILES_TIMEOUT_MS,
    log,
  });
}
