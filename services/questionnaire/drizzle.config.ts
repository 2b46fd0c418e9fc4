import { defineConfig } from 'drizzle-kit';

// Run from the repository root: npx drizzle-kit generate --config services/questionnaire/drizzle.config.ts
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/questionnaire/src/db/schema.ts',
  out: './services/questionnaire/drizzle',
});
