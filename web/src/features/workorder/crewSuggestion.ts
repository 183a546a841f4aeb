// Whom to assign: the crew member on duty today with the fewest open orders (ties: the team asked for, then the
// name), so the dispatcher spreads the work over who is actually out there. With nobody on duty, the least loaded
// of all is suggested and the picker says nobody is on duty.
import type { CrewMember } from '@waterops/shared/workorder';

export type CrewSuggestion = { member: CrewMember; onDuty: boolean } | null;

const byLoad = (departmentId: number | null) => (a: CrewMember, b: CrewMember) =>
  a.openLoad - b.openLoad ||
  Number(b.departmentId === departmentId) - Number(a.departmentId === departmentId) ||
  (a.nickname || a.username).localeCompare(b.nickname || b.username, 'zh-CN') ||
  a.userId - b.userId;

/** The suggested assignee among the crew (preferring `departmentId`'s team on equal load). */
export const suggestAssignee = (crew: readonly CrewMember[], departmentId: number | null = null): CrewSuggestion => {
  const onDuty = crew.filter((m) => m.onDuty).sort(byLoad(departmentId));
  if (onDuty[0]) return { member: onDuty[0], onDuty: true };
  const all = [...crew].sort(byLoad(departmentId));
  return all[0] ? { member: all[0], onDuty: false } : null;
};

/** The crew as the panel and the picker list them: on duty first, then by load, then by name. */
export const crewInOrder = (crew: readonly CrewMember[]): CrewMember[] =>
  [...crew].sort((a, b) => Number(b.onDuty) - Number(a.onDuty) || byLoad(null)(a, b));

export const crewName = (m: Pick<CrewMember, 'nickname' | 'username'>): string => m.nickname || m.username;
