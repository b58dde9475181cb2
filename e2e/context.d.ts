/** What the e2e global setup provides to browser tests (`inject(...)`). */
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
  }
}
