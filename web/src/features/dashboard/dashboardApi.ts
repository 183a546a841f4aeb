// The home page's own layout on the server (spec §7 /api-workbench home; issue 18): which widgets, in which order.
// The figures themselves arrive over the live topic `dashboard` (useWidgetFigures), not through here. A layout read
// or saved is completed (completeLayout) so widgets added since it was saved show, and a failed read is the default.
import type { Result } from '@waterops/shared/api';
import { completeLayout, DASHBOARD_PATHS, type HomeLayout } from '@waterops/shared/dashboard';
import { baseApi } from '../../api/baseApi.ts';

export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    homeLayout: build.query<HomeLayout, void>({
      query: () => ({ url: DASHBOARD_PATHS.homeLayout, not_msg: true }),
      transformResponse: (r: Result<HomeLayout | null>) => completeLayout(r.datas),
    }),
    saveHomeLayout: build.mutation<HomeLayout, HomeLayout>({
      query: (data) => ({ url: DASHBOARD_PATHS.homeLayout, method: 'POST', data }),
      // the answer is the stored layout; an answer without one means what was sent was stored
      transformResponse: (r: Result<HomeLayout | null>, _meta, sent) => completeLayout(r.datas ?? sent),
      onQueryStarted: async (_sent, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(dashboardApi.util.upsertQueryData('homeLayout', undefined, data));
      },
    }),
  }),
});

export const { useHomeLayoutQuery, useSaveHomeLayoutMutation } = dashboardApi;
