// Opens the database (PGlite or PostgreSQL), brings its schema up to date, seeds a fresh one, and closes it when the
// app closes (after the server stopped taking requests). Handlers reach it as `fastify.db`.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { migrateToLatest } from '../db/migrateToLatest.ts';
import { type DatabaseKind, openDatabase } from '../db/openDatabase.ts';
import { seedDatabase } from '../db/seed/seedDatabase.ts';
import type { DB } from '../db/tables.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<DB>;
    dbKind: DatabaseKind;
  }
}

export type DbOptions = { config: Config; pgliteTemplate?: Blob | undefined };

const dbPlugin: FastifyPluginAsync<DbOptions> = async (fastify, { config, pgliteTemplate }) => {
  const database = await openDatabase({
    dataDir: config.WATEROPS_DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    pgliteTemplate,
    onPoolError: (e) => fastify.log.warn({ err: e }, 'idle database connection failed'),
  });
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length) fastify.log.info({ migrations: applied }, 'database migrated');
    const seeded = await seedDatabase(database.db, {
      demo: config.WATEROPS_DEMO,
      adminPassword: config.WATEROPS_ADMIN_PASSWORD,
    });
    if (seeded) fastify.log.info({ demo: config.WATEROPS_DEMO }, 'database seeded');
  } catch (e) {
    // The app never becomes ready, so onClose would not run: release the database (and PGlite's folder) here.
    await database.close();
    throw e;
  }
  fastify.addHook('onClose', async () => {
    await database.close();
  });
  fastify.decorate('db', database.db);
  fastify.decorate('dbKind', database.kind);
};

export const db = fp(dbPlugin, { name: 'waterops-db' });
