/** What the e2e global setup provides to browser tests (`inject(...)`). */
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
    /** The local D1/R2 folder of the running product (for tests that write to D1 directly). */
    stateDir: string;
  }
}
