import { resources } from './resources.ts';

/** Permission modules: one per collection, plus the special areas of the back-office. */
export const PERMISSION_MODULES = [
  ...Object.values(resources).map((r) => r.path),
  'files',
  'settings',
  'audit',
  'rebuild',
  'dashboard',
] as const;
