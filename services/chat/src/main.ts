import { runMain, startService } from '@innerview/kit';
import { chatService } from './app.ts';

await runMain(() => startService(chatService));
