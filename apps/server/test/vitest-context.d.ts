// The value test/global-setup.ts provides to every test file; declared here so `tsc -p apps/server` knows it.
declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
export {};
