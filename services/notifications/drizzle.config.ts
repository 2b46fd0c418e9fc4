import { defineConfig } from 'drizzle-kit';

// Run from the repository root: npx drizzle-kit generate --config services/notifications/drizzle.config.ts
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/notifications/src/db/schema.ts',
  out: './services/notifications/drizzle',
});
