// Kysely types of the notice tables (issue 6, migration m0015_notices); DB in tables.ts extends this.
export type NoticeTables = {};
