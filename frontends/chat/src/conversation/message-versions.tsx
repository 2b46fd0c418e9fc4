import { useAppDispatch } from '@innerview/api-client';
import type { ChatMessageVersion } from '@innerview/contracts/chat';
import { useToast } from '@innerview/ui';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chatApi } from '../chat-api.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons.tsx';
import type { ChatMessage } from './conversation-state.ts';

/** An earlier version being looked at in place of the current one (viewing only: ADR 0058). */
type VersionView = { index: number; versions: ChatMessageVersion[] };

/**
 * Which version of each edited message or regenerated reply is shown. Starts over with every new
 * set of messages (`generation`): the current branch is what a load shows.
 */
export function useVersionViews(sessionId: string | null, generation: number) {
  const { t } = useTranslation('chat');
  const { toast } = useToast();
  const dispatch = useAppDispatch();
  const [views, setViews] = useState<Map<string, VersionView>>(() => new Map());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new load (generation) or session starts over
  useEffect(() => setViews(new Map()), [sessionId, generation]);

  const show = useCallback(
    async (message: ChatMessage, index: number) => {
      if (!sessionId) return;
      let versions = views.get(message.id)?.versions;
      if (!versions) {
        const result = await dispatch(
          chatApi.endpoints.getMessageVersions.initiate(
            { sessionId, messageId: message.id },
            { forceRefetch: true, subscribe: false },
          ),
        );
        versions = result.data?.versions;
        if (!versions) {
          toast({ title: t('message.versionsFailed'), variant: 'destructive' });
          return;
        }
      }
      const found = versions;
      setViews((current) => new Map(current).set(message.id, { index, versions: found }));
    },
    [dispatch, sessionId, t, toast, views],
  );
  return { views, show };
}

/**
 * The messages as drawn: a message looked at in an earlier version shows that version's text, and
 * an earlier version of the person's message also the reply it had (in the next bubble).
 */
export function withVersionViews(messages: ChatMessage[], views: Map<string, VersionView>): ChatMessage[] {
  if (views.size === 0) return messages;
  const out = [...messages];
  out.forEach((message, i) => {
    const view = views.get(message.id);
    const version = view?.versions[view.index - 1];
    if (!view || !version || !message.version) return;
    const earlier = !version.current;
    out[i] = {
      ...message,
      content: version.content,
      stopped: version.stopped,
      version: { index: view.index, count: view.versions.length },
      earlier,
    };
    if (message.role !== 'user') return;
    const next = out.findIndex((m, k) => k > i && !m.hidden);
    const reply = out[next];
    if (reply?.role === 'assistant')
      out[next] = {
        ...reply,
        content: version.reply?.content ?? '',
        stopped: version.reply?.stopped,
        earlier,
        version: earlier ? undefined : reply.version,
      };
  });
  return out;
}

/** "‹ 1 / 2 ›" under a message that has versions: one step at a time, by keyboard too. */
export function VersionSwitcher({
  index,
  count,
  onShow,
}: {
  index: number;
  count: number;
  onShow: (index: number) => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <fieldset className="iv-chat-versions" aria-label={t('message.versionLabel', { index, count })}>
      <button
        type="button"
        className="iv-chat-message__action"
        onClick={() => onShow(index - 1)}
        disabled={index <= 1}
        aria-label={t('message.previousVersion')}
        title={t('message.previousVersion')}
      >
        <ChevronLeftIcon />
      </button>
      <span className="iv-chat-versions__place" data-testid="version-place">
        {t('message.version', { index, count })}
      </span>
      <button
        type="button"
        className="iv-chat-message__action"
        onClick={() => onShow(index + 1)}
        disabled={index >= count}
        aria-label={t('message.nextVersion')}
        title={t('message.nextVersion')}
      >
        <ChevronRightIcon />
      </button>
    </fieldset>
  );
}
