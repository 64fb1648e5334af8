import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate -w @latchkey/server` writes SQL migrations into `drizzle/`. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
