import { erasedPeople as erasedPeopleOf } from '@innerview/kit';
import { erasedPeople } from './schema.ts';

/**
 * Notifications' record of erased people (ADR 17). `lockPerson` orders what an event or a mail job
 * records about a person with their erasure, so nothing is written after the erasure swept the table.
 */
export const { lockPerson, isErased, erasedUnderLock, markErased } = erasedPeopleOf(
  erasedPeople,
  'notifications-person',
);
