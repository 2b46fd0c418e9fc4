import { defineConfig } from 'drizzle-kit';

// Run from the repository root: npx drizzle-kit generate --config packages/kit/drizzle.config.ts
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/kit/src/events/schema.ts',
  out: './packages/kit/drizzle',
});
