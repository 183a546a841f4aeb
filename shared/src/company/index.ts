export * from './companies.ts';
