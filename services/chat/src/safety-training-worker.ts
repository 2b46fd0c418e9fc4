// A validation thread of `npm run safety-train` (safety-training.ts): scores the folds it is given
// and posts the scores back.
import { parentPort, workerData } from 'node:worker_threads';
import { scoreFolds, type TrainingSettings } from './safety-training.ts';

const { settings, writers } = workerData as { settings: TrainingSettings; writers: string[] };
parentPort!.postMessage(scoreFolds(settings, writers));
