import { runMain, startService } from '@innerview/kit';
import { authService } from './app.ts';

await runMain(() => startService(authService));
