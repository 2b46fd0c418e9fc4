// Migrates the questionnaire database and exits: a one-shot job before the replicas roll out (ADR 37).
import { migrateService, runOnce } from '@innerview/kit';
import { questionnaireService } from './app.ts';

await runOnce(() => migrateService(questionnaireService));
