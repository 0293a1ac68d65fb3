import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes SQL migrations for server/db/schema.ts into server/db/migrations
// (committed). The same migrations are applied on PGlite and PostgreSQL 15 by drizzle's migrator.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
