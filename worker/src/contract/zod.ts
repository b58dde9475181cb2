/**
 * zod for the contract and the worker, configured before any schema is made: no generated code,
 * because the admin's Content-Security-Policy forbids eval (zod's probe for it is reported as a
 * violation) and Workers refuse it anyway.
 *
 * Import it as a namespace (`import * as z from '.../contract/zod.ts'`): bundlers then keep only
 * the members used. zod's own `z` export is one object holding everything, including
 * `z.locales` (about 260 KB of other languages' messages the product never shows).
 */
import { config } from 'zod';

config({ jitless: true });

// The one place that re-exports zod; the members stay separate bindings, so unused ones drop out.
// oxlint-disable-next-line no-restricted-imports
export * from 'zod';
