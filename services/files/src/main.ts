import { runMain, startService } from '@innerview/kit';
import { filesService } from './app.ts';

await runMain(() => startService(filesService));
