import { internalTokenFor } from '@innerview/kit/internal';
import type { ChatServiceContext } from '../chat-context.ts';
import { type AttachmentTexts, unavailableAttachmentTexts } from './attachment-texts.ts';
import { filesAttachmentTexts } from './files-attachment-texts.ts';

/**
 * The files service at `FILES_URL` with the internal-call secret; without either, attachments
 * cannot be read (the coach says so), which start-up logs once.
 */
export function configuredAttachmentTexts(service: ChatServiceContext): AttachmentTexts {
  const { config, log } = service;
  const token = internalTokenFor(config);
  if (!config.FILES_URL || !token) {
    log.warn(
      { filesUrl: Boolean(config.FILES_URL), internalToken: Boolean(token) },
      'attachments cannot be read: FILES_URL and INTERNAL_TOKEN are needed',
    );
    return unavailableAttachmentTexts;
  }
  return filesAttachmentTexts({
    baseUrl: config.FILES_URL,
    token,
    timeoutMs: config.FILES_TIMEOUT_MS,
    log,
  });
}
