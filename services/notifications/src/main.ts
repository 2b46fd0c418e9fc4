import { runMain, startService } from '@innerview/kit';
import { notificationsService } from './app.ts';

await runMain(() => startService(notificationsService));
