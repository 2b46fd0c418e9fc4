// Migrates the auth database and exits: a one-shot job before the replicas roll out (ADR 37).
import { migrateService, runOnce } from '@innerview/kit';
import { authService } from './app.ts';

await runOnce(() => migrateService(authService));
