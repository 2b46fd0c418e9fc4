import type { UseAttachments } from '../attachments/index.ts';

export type SendResult = 'sent' | 'ignored' | 'aborted';

/** What a call needs from the page it was made on (it changes with the language and the route). */
export type CallContext = {
  language: string;
  /** No token: nothing is sent, the person is told to log in. */
  onSignedOut(): void;
  /** A session created by the first message is put in the route (what is on screen stays). */
  showSession(sessionId: string): void;
};

export type SendContext = CallContext & {
  files: Pick<UseAttachments, 'attachments' | 'uploadAll' | 'clear'>;
  /** The text of a message that is only files. */
  filesAttachedLabel: string;
};
