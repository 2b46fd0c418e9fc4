import { runMain, startService } from '@innerview/kit';
import { billingService } from './app.ts';

await runMain(() => startService(billingService));
