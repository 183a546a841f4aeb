// What app.ts hands every embedded service when it mounts it under its API prefix.
import type { Config } from '../config.ts';

export type ServiceOptions = {
  config: Config;
  /** the clock; tests move it to pass expiry windows without waiting */
  now: () => Date;
};
