// /api-business/commonCodeRule (spec §7): a company's code rules — find (own company only; any other id answers
// 404, as a missing one would) and save (sys:company:edit, validated with the shared rules, logged).
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  CODE_RULE_PATHS,
  CodeRuleQuery,
  CodeRuleSet,
  CodeRulesSave,
  validateCodeRules,
} from '@waterops/shared/codeRule';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { findCodeRules, saveCodeRules } from './codeRuleRepository.ts';

const BUSINESS_PREFIX = '/api-business';
const path = (full: string) => full.slice(BUSINESS_PREFIX.length);
const tags = ['codeRule'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const codeRuleRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  app.get(
    path(CODE_RULE_PATHS.find),
    {
      config: { permission: PERMISSIONS.sysCompanyView },
      schema: {
        tags,
        summary: "The caller's company's code rules, one per kind (defaults where none was saved)",
        querystring: CodeRuleQuery,
        response: { 200: Result(CodeRuleSet), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { companyId = me.companyId } = request.query;
      if (companyId !== me.companyId) throw notFound();
      return ok({ companyId, rules: await findCodeRules(app.db, companyId) }, request.t('common.success'));
    },
  );

  app.post(
    path(CODE_RULE_PATHS.save),
    {
      config: { permission: PERMISSIONS.sysCompanyEdit },
      schema: {
        tags,
        summary: "Save some or all of the caller's company's code rules",
        body: CodeRulesSave,
        response: { 200: Result(CodeRuleSet), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { companyId = me.companyId, rules } = request.body;
      if (companyId !== me.companyId) throw notFound();
      const violation = validateCodeRules(rules)[0];
      if (violation) throw new AppError(400, violation.message, violation.field);
      const at = now();
      const saved = await app.db.transaction().execute(async (tx) => {
        await saveCodeRules(tx, companyId, rules, at);
        await recordRequestOperation(tx, request, me, {
          operation: 'codeRuleSave',
          detail: rules
            .map((r) => `${r.kind}: ${r.prefix.trim()}/${r.datePart}/${r.seqLength}/${r.nextSeq}`)
            .join('; '),
          at,
        });
        return findCodeRules(tx, companyId);
      });
      return ok({ companyId, rules: saved }, request.t('common.success'));
    },
  );
};
