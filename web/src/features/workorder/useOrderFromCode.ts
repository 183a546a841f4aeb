// `?code=<code>` (spec §2: the bell's to-do opens the work-order page on its order): the order of that code — from
// the live queue when it is there, otherwise asked of the server (findByCode: also a closed order, and only one the
// caller may see) — and a way to drop the parameter once the order is closed again.
import type { WorkOrder } from '@waterops/shared/workorder';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useWorkOrderByCodeQuery } from './workOrderApi.ts';

export type OrderFromCode = {
  /** the code asked for ('' when none) */
  code: string;
  /** the order, once known */
  order: WorkOrder | null;
  /** the server knows no such order (for this caller) */
  notFound: boolean;
  /** removes ?code= from the address */
  clear: () => void;
};

export const useOrderFromCode = (live: readonly WorkOrder[]): OrderFromCode => {
  const [params, setParams] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const inQueue = code ? (live.find((o) => o.code === code) ?? null) : null;
  const asked = useWorkOrderByCodeQuery(code, { skip: code === '' || inQueue !== null });
  const clear = useCallback(
    () =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete('code');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return {
    code,
    order: inQueue ?? (code && asked.data?.code === code ? asked.data : null),
    notFound: code !== '' && inQueue === null && asked.isError,
    clear,
  };
};
