export * from './codeRules.ts';
