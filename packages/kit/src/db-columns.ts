import { timestamp } from 'drizzle-orm/pg-core';

/** A `timestamp with time zone` column named `name`: how every service's tables keep a time. */
export const at = (name: string) => timestamp(name, { withTimezone: true });
