import { runMain, startService } from '@innerview/kit';
import { chatService } from './app.ts';

// Replies in flight are stopped and stored by the service's own stop (its context's onStop).
await runMain(() => startService(chatService));
