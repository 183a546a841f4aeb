// Companies and code rules calls beyond the generic list/save: enabling a company, the own company's profile (its
// saving refreshes the top bar's logo and name) and the code rules.
import type { Result } from '@waterops/shared/api';
import { CODE_RULE_PATHS, type CodeRule, type CodeRuleSet } from '@waterops/shared/codeRule';
import { COMPANY_PATHS, type CompanyDetail, type CompanyProfileSave } from '@waterops/shared/company';
import { baseApi } from '../../api/baseApi.ts';

/** The company page's resource id: its list is refreshed after these calls. */
export const COMPANY_RESOURCE = 'system.company';

export const companyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    companyEnabled: build.mutation<unknown, { id: number; enabled: boolean }>({
      query: ({ id, enabled }) => ({ url: COMPANY_PATHS.enabled, params: { id, enabled }, not_msg: true }),
      invalidatesTags: [{ type: 'Resource', id: COMPANY_RESOURCE }],
    }),
    companyProfile: build.query<CompanyDetail, void>({
      query: () => ({ url: COMPANY_PATHS.profile }),
      transformResponse: (body: Result<CompanyDetail>) => body.datas,
      providesTags: ['Company'],
    }),
    saveCompanyProfile: build.mutation<CompanyDetail, CompanyProfileSave>({
      // emptied optional fields are sent as null so the server clears them
      query: (data) => ({ url: COMPANY_PATHS.profile, method: 'POST', data, not_filter: true, not_msg: true }),
      transformResponse: (body: Result<CompanyDetail>) => body.datas,
      invalidatesTags: ['Company', { type: 'Resource', id: COMPANY_RESOURCE }],
    }),
    codeRules: build.query<CodeRuleSet, void>({
      query: () => ({ url: CODE_RULE_PATHS.find }),
      transformResponse: (body: Result<CodeRuleSet>) => body.datas,
    }),
    saveCodeRules: build.mutation<CodeRuleSet, CodeRule[]>({
      query: (rules) => ({ url: CODE_RULE_PATHS.save, method: 'POST', data: { rules }, not_msg: true }),
      transformResponse: (body: Result<CodeRuleSet>) => body.datas,
      async onQueryStarted(_rules, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(companyApi.util.updateQueryData('codeRules', undefined, () => data));
        } catch {
          // the editor shows the failure
        }
      },
    }),
  }),
});

export const {
  useCompanyEnabledMutation,
  useCompanyProfileQuery,
  useSaveCompanyProfileMutation,
  useCodeRulesQuery,
  useSaveCodeRulesMutation,
} = companyApi;
