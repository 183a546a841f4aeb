// IWA unavoidable annual real losses (UARL, Lambert et al. 1999, "A Review of Performance Indicators for Real
// Losses from Water Supply Systems", AQUA 48(6)) and the infrastructure leakage index ILI = CARL / UARL.

/** Below these the UARL formula is outside the range it was fitted on and the ILI is only indicative. */
export const UARL_MIN_CONNECTIONS = 3000;
export const UARL_MIN_CONNECTIONS_PER_KM = 20;
export const UARL_MIN_PRESSURE_M = 25;

/**
 * UARL in litres per day = (18·Lm + 0.8·Nc + 25·Lp) · P: 18 L/km of mains/day/m of pressure, 0.8 L/connection/day/m
 * and 25 L/km of private pipe/day/m.
 */
export function uarlLitresPerDay(
  mainsLengthKm: number,
  serviceConnections: number,
  privatePipeLengthKm: number,
  averagePressureM: number,
): number {
  return (18 * mainsLengthKm + 0.8 * serviceConnections + 25 * privatePipeLengthKm) * averagePressureM;
}

/** Whether a system is too small, too sparse or too low-pressure for the UARL formula to be more than indicative. */
export function isUarlIndicativeOnly(mainsLengthKm: number, serviceConnections: number, averagePressureM: number) {
  const density = mainsLengthKm > 0 ? serviceConnections / mainsLengthKm : Number.POSITIVE_INFINITY;
  return (
    serviceConnections < UARL_MIN_CONNECTIONS ||
    density < UARL_MIN_CONNECTIONS_PER_KM ||
    averagePressureM < UARL_MIN_PRESSURE_M
  );
}
