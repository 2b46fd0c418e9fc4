import type { ChatContext } from '../chat-context.ts';

/** Job processors and repeating schedules of the chat service (none yet: replies run as tasks). */
export function registerJobs(_chat: ChatContext): void {}
