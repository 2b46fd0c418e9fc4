import { useCreateGoalMutation } from '@innerview/api-client';
import { goalStatement, offersGoal } from '@innerview/contracts/goal-statement';
import { Button } from '@innerview/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChatMessage } from './conversation-state.ts';

/**
 * docs/product.md#goals "The coach proposes a goal": the goal to offer under each coach reply that
 * offers to keep one (never a care reply, never one still being written), taken from the person's
 * message it answers. Keyed by the reply's id.
 */
export function proposedGoals(messages: ChatMessage[]): Map<string, string> {
  const found = new Map<string, string>();
  let lastUser: ChatMessage | undefined;
  for (const message of messages) {
    if (message.role === 'user') {
      if (!message.hidden) lastUser = message;
      continue;
    }
    if (message.isStreaming || message.failed || !lastUser || !offersGoal(message.content)) continue;
    const title = goalStatement(lastUser.content);
    if (title) found.set(message.id, title);
  }
  return found;
}

/** "Add as goal" under the reply: once added, a link to the goals page says so. */
export function AddGoal({ title }: { title: string }) {
  const { t } = useTranslation('chat');
  const [create, { isLoading }] = useCreateGoalMutation();
  const [state, setState] = useState<'idle' | 'added' | 'failed' | 'limit'>('idle');
  // The button names the action; the goal it would set is read with it.
  const titleId = useId();
  if (state === 'added')
    return (
      <p className="iv-chat-goal" role="status">
        {t('goal.added', { title })} <Link to="/goals">{t('goal.view')}</Link>
      </p>
    );
  const add = async () => {
    const result = await create({ title, checkin: 'weekly' });
    if ('error' in result && result.error)
      setState((result.error as { status?: number }).status === 409 ? 'limit' : 'failed');
    else setState('added');
  };
  return (
    <div className="iv-chat-goal">
      <Button
        size="sm"
        variant="secondary"
        onClick={() => void add()}
        disabled={isLoading}
        aria-describedby={titleId}
      >
        {t('goal.add')}
      </Button>
      <span className="iv-chat-goal__title" id={titleId}>
        {title}
      </span>
      {state !== 'idle' && (
        <span className="iv-chat-goal__error" role="alert">
          {t(state === 'limit' ? 'goal.limit' : 'goal.failed')}
        </span>
      )}
    </div>
  );
}
