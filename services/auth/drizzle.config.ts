import { defineConfig } from 'drizzle-kit';

// Run from the repository root: npx drizzle-kit generate --config services/auth/drizzle.config.ts
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/auth/src/db/schema.ts',
  out: './services/auth/drizzle',
});
