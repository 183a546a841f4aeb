// The publish form's rules, used by the notice dialog and by the save route: a title and a content (trimmed), and
// the recipients the target names (at least one role, or at least one user).
import type { RuleViolation } from '../user/rules.ts';
import type { NoticePublish } from './index.ts';

export const validateNoticePublish = (v: Partial<NoticePublish>): RuleViolation[] => {
  const out: RuleViolation[] = [];
  if ((v.title ?? '').trim() === '') out.push({ field: 'title', message: 'rules.noticeTitle.required' });
  if ((v.content ?? '').trim() === '') out.push({ field: 'content', message: 'rules.noticeContent.required' });
  if (v.target === 'roles' && !v.roleIds?.length) out.push({ field: 'roleIds', message: 'rules.noticeRoles.required' });
  if (v.target === 'users' && !v.userIds?.length) out.push({ field: 'userIds', message: 'rules.noticeUsers.required' });
  return out;
};
