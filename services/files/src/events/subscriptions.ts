import { type EventHandlerDefinition, on } from '@innerview/kit';
import { eraseUser, removeSessionFiles } from '../actions/delete-files.ts';
import type { FilesContext } from '../files-context.ts';

/** Every event the files service consumes, in one place. */
export function subscriptions(fc: FilesContext): EventHandlerDefinition[] {
  return [
    // A chat session deleted: its files go with it.
    on('chat.session.deleted', async (event, tx) => {
      await removeSessionFiles(fc, event.data.userId, event.data.sessionId, tx);
    }),
    // The 90-day erasure after account deletion: every file deleted, the data key destroyed.
    on('auth.user.erased', async (event, tx) => {
      await eraseUser(fc, event.data.userId, tx);
    }),
  ];
}
