// Kysely types of the alarm tables (issue 6, migration m0014_alarms); DB in tables.ts extends this.
export type AlarmTables = {};
