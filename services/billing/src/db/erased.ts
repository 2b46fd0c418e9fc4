import { erasedPeople as erasedPeopleOf } from '@innerview/kit';
import { erasedPeople } from './schema.ts';

/**
 * Billing's record of erased people (ADR 17). `lockPerson` orders an event's effect on one person
 * with their erasure: a row written at the same moment as `auth.user.erased` commits before the
 * erasure re-keys the record, or sees its mark.
 */
export const { lockPerson, erasedUnderLock, markErased } = erasedPeopleOf(erasedPeople, 'billing-person');
