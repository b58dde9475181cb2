/**
 * zod for the contract, configured before any schema is made: no generated code, because the
 * admin's Content-Security-Policy forbids eval (zod's probe for it is reported as a violation)
 * and Workers refuse it anyway. Contract modules import `z` from here.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
