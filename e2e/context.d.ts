/** What the e2e global setup provides to browser tests (`inject(...)`); files read their product through e2e/product.ts. */
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One running product for each test file that may run at the same time. */
    products: Array<{ baseUrl: string; stateDir: string }>;
    /** The setup's folder, where it says when the products answer (scripts/lib/background-setup.ts). */
    productsFolder: string;
    adminPassword: string;
  }
}
