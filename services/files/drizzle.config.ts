import { defineConfig } from 'drizzle-kit';

// Run from the repository root: npx drizzle-kit generate --config services/files/drizzle.config.ts
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/files/src/db/schema.ts',
  out: './services/files/drizzle',
});
