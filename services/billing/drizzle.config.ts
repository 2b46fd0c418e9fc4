import { defineConfig } from 'drizzle-kit';

// Run from the repository root: npx drizzle-kit generate --config services/billing/drizzle.config.ts
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/billing/src/db/schema.ts',
  out: './services/billing/drizzle',
});
