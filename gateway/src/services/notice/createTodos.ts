// To-dos for work orders (issue 8): each user gets a receipt of category 2 whose `param` is the work-order code; the
// bell's 待办 tab shows it and a click opens the work-order page with ?code=<param>.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { insertTodos, type TodoSeed } from './noticeRepository.ts';

/** Gives each of `userIds` (the tenant's users; others are skipped) the to-do; returns how many were written. */
export const createTodos = (
  db: Kysely<DB> | Transaction<DB>,
  companyId: number,
  userIds: number[],
  todo: TodoSeed,
  at: Date = new Date(),
): Promise<number> => insertTodos(db, companyId, userIds, todo, at);
