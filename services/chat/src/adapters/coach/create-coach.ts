import type { BaseConfig } from '@innerview/kit';
import type { ChatConfig } from '../../config.ts';
import type { CoachModel } from './coach-model.ts';
import { createOfflineCoach } from './offline-coach.ts';
import { createOpenAiCoach } from './openai-coach.ts';

/** The configured coach: the OpenAI-compatible model when `OPENAI_API_KEY` is set, else the offline coach. */
export function createCoach(config: ChatConfig & Pick<BaseConfig, 'NODE_ENV'>): CoachModel {
  if (config.OPENAI_API_KEY)
    return createOpenAiCoach({
      apiKey: config.OPENAI_API_KEY,
      baseURL: config.OPENAI_BASE_URL,
      model: config.OPENAI_MODEL,
      idleTimeoutMs: config.OPENAI_IDLE_TIMEOUT_MS,
    });
  const failOnceMarker = config.NODE_ENV === 'production' ? undefined : config.OFFLINE_COACH_FAIL_ONCE_MARKER;
  return createOfflineCoach({ delayMs: config.OFFLINE_COACH_DELAY_MS, failOnceMarker });
}
