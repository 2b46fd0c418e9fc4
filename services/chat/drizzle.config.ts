import { defineConfig } from 'drizzle-kit';

// Run from the repository root: npx drizzle-kit generate --config services/chat/drizzle.config.ts
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/chat/src/db/schema.ts',
  out: './services/chat/drizzle',
});
