// The query plans behind the work-order benchmark's cases: the repository's own functions (listWorkOrders,
// workOrderStatistics) run against a Kysely that records every query they send, and each recorded query is then
// EXPLAIN ANALYZEd with its parameters — the SQL measured is the SQL the route sends, not a copy of it.
import type { DB } from '@waterops/gateway/src/db/tables.ts';
import { CompiledQuery, type Kysely, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { type PlanSummary, summarizePlan } from './benchStats.ts';

/** Runs `work` with a Kysely that records the queries it sends (they still run); answers them compiled. */
export const recordQueries = async (
  db: Kysely<DB>,
  work: (recording: Kysely<DB>) => Promise<unknown>,
): Promise<CompiledQuery[]> => {
  const nodes: { node: RootOperationNode; queryId: Parameters<KyselyPlugin['transformQuery']>[0]['queryId'] }[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      nodes.push({ node: args.node, queryId: args.queryId });
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await work(db.withPlugin(plugin));
  return nodes.map(({ node, queryId }) => db.getExecutor().compileQuery(node, queryId));
};

/** EXPLAIN (ANALYZE, BUFFERS) of each recorded query, named `<name> (1)`, `<name> (2)`, … in the order sent. */
export const explainRecorded = async (db: Kysely<DB>, name: string, queries: readonly CompiledQuery[]) => {
  const out: PlanSummary[] = [];
  for (const [i, q] of queries.entries()) {
    const result = await db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (analyze, buffers) ${q.sql}`, [...q.parameters]),
    );
    out.push(
      summarizePlan(
        queries.length > 1 ? `${name} (${i + 1})` : name,
        result.rows.map((r) => r['QUERY PLAN']),
      ),
    );
  }
  return out;
};
