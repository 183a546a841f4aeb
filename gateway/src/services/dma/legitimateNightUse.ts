// The legitimate night use a district's night leakage is measured against, m³/h (issue 19 item 7). A utility that
// knows its district's night consumption (a logged night, large night users) states it in m³/h and that figure wins;
// otherwise it is estimated as connections × the per-connection rate (the district's own L/h, else the tenant's).

export type LegitimateNightUseInput = {
  /** stated directly, m³/h; null = estimate from the connections */
  nightUseM3h: number | null;
  /** the district's own per-connection rate, L/h; null = the tenant default */
  nightUseLPerConnH: number | null;
  /** the tenant default per-connection rate, L/h (param dma.nightFlow nightUsePerConnection) */
  defaultLPerConnH: number;
  /** the connections counted for the district */
  connections: number;
};

/** m³/h of legitimate night use: the stated figure when there is one, else connections × L/h ÷ 1000. */
export const legitimateNightUse = (d: LegitimateNightUseInput): number => {
  if (d.nightUseM3h !== null && Number.isFinite(d.nightUseM3h) && d.nightUseM3h >= 0) return d.nightUseM3h;
  const perConnection = d.nightUseLPerConnH ?? d.defaultLPerConnH;
  return (d.connections * perConnection) / 1000;
};
