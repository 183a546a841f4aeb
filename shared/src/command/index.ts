// @waterops/shared/command — device commands: kinds, states, reasons, request/response schemas and paths.
export * from './commands.ts';
export * from './schemas.ts';
