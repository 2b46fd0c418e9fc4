import { type ApiError, useAppDispatch } from '@innerview/api-client';
import { useToast } from '@innerview/ui';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  attachmentsOfTranscript,
  type SentAttachment,
  type UseAttachments,
  useFilesAttachedLabel,
} from '../attachments/index.ts';
import type { CallContext, SendContext, SendResult } from './call-context.ts';
import { ConversationController } from './conversation-controller.ts';
import type { ConversationState } from './conversation-state.ts';

export { TRANSCRIPT_PAGE_SIZE } from '../chat-api.ts';
export type { SendResult } from './call-context.ts';

export type Conversation = {
  state: ConversationState;
  loadError: ApiError | null;
  /** Polite announcement for screen readers: a reply finished, failed or was stopped. */
  announcement: string;
  busy: boolean;
  /** Files shown on each user message (from the transcript, and those just sent). */
  attachmentsByMessage: Map<string, SentAttachment[]>;
  send(text: string): Promise<SendResult>;
  retry(userMessageId: string): void;
  stop(): void;
  /** docs/product.md#sending-a-chat-message: ignored while an intro is processed or a load or stream runs. Returns whether it started. */
  startWithIntro(message: string): boolean;
  reload(): void;
  /** Reads the page before the oldest message on screen (scrolled to the top, or a retry). */
  loadOlder(): void;
  /** Gives the person's last message a new text and follows its new reply (ADR 0058). */
  edit(text: string): Promise<void>;
  /** Follows a new reply to the person's last message (ADR 0058). */
  regenerate(): Promise<void>;
};

/**
 * The conversation of one session (or a new one) for the page: a ConversationController read
 * through useSyncExternalStore. `routeSessionId` comes from the route; a session created by the
 * first message is put in the route here (without reloading what is on screen).
 */
export function useConversation(routeSessionId: string | null, attachments: UseAttachments): Conversation {
  const { t, i18n } = useTranslation('chat');
  const { toast } = useToast();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const filesAttachedLabel = useFilesAttachedLabel();
  const [controller] = useState(() => new ConversationController({ dispatch, sessionId: routeSessionId }));
  useEffect(() => controller.attach(), [controller]);
  useEffect(() => controller.show(routeSessionId), [controller, routeSessionId]);
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);

  const language = i18n.resolvedLanguage ?? i18n.language;
  const context = useMemo<CallContext>(
    () => ({
      language,
      onSignedOut: () =>
        toast({ title: t('errors.authTitle'), description: t('errors.loginToSend'), variant: 'destructive' }),
      showSession: (id) => void navigate(`/chat/${encodeURIComponent(id)}`, { replace: true }),
    }),
    [language, navigate, t, toast],
  );
  const sendContext = useMemo<SendContext>(
    () => ({ ...context, files: attachments, filesAttachedLabel }),
    [context, attachments, filesAttachedLabel],
  );

  const { state, loadError, announcement, sentFiles } = snapshot;
  const attachmentsByMessage = useMemo(() => {
    const shown = attachmentsOfTranscript(state.messages);
    for (const [id, files] of sentFiles) if (!shown.has(id)) shown.set(id, files);
    return shown;
  }, [state.messages, sentFiles]);

  return useMemo(
    () => ({
      state,
      loadError,
      announcement: announcement ? t(announcement) : '',
      busy: state.phase !== 'idle',
      attachmentsByMessage,
      send: (text: string) => controller.send(text, sendContext),
      retry: (userMessageId: string) => void controller.retry(userMessageId, context),
      stop: () => controller.stop(),
      startWithIntro: (message: string) => controller.startWithIntro(message, sendContext),
      reload: () => controller.reload(),
      loadOlder: () => void controller.loadOlder(),
      edit: (text: string) => controller.revise(text, context),
      regenerate: () => controller.revise(null, context),
    }),
    [state, loadError, announcement, attachmentsByMessage, controller, context, sendContext, t],
  );
}
