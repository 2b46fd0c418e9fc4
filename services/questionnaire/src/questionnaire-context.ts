import type { UserCrypto } from '@innerview/crypto';
import type { KeyRing } from '@innerview/crypto/key-ring';
import type { BaseConfig, ServiceContext } from '@innerview/kit';
import type { QuestionnaireConfig } from './config.ts';

export type QuestionnaireServiceContext = ServiceContext<QuestionnaireConfig & BaseConfig>;

/** What the questionnaire service's actions share: the kit's context plus its keys. */
export interface QuestionnaireContext {
  service: QuestionnaireServiceContext;
  /** Encrypts and decrypts answers under each person's data key. */
  crypto: UserCrypto;
  /** Seals the answers snapshot of `questionnaire.answers.changed`. */
  eventPayloadKeys: KeyRing;
}
