export * from './envelope.ts';
export * from './errors.ts';
export * from './money.ts';
export * from './auth.ts';
