/** A password as typed, stored only as its hash; left blank on an edit, the old one stays. */
import * as z from '../zod.ts';
import type { PasswordField } from '../fields.ts';
import { textOnly } from './normalize.ts';
import type { KindRule } from './types.ts';

export const password: KindRule<PasswordField> = {
  // Passwords keep every character as typed but the surrounding spaces.
  schema: (field) =>
    z
      .preprocess((v) => (typeof v === 'string' ? v.trim() : v), textOnly(field.label).max(200, 'Password maksimal 200 karakter.'))
      .refine((v) => typeof v === 'string' && v.length >= 8, 'Password minimal 8 karakter.'),
  empty: () => '',
  blankKeepsStored: true,
  needsValue: (field, mode) => field.required === true && mode === 'create',
};
