import { runMain, startService } from '@innerview/kit';
import { questionnaireService } from './app.ts';

await runMain(() => startService(questionnaireService));
