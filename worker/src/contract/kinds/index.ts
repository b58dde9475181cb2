/**
 * The contract's side of every field kind, one module each: the rule a value of the kind passes
 * before anything is stored. The admin's side (input, cell) is admin/src/fields/<kind>.tsx; the
 * worker's stored form is collections/stored-forms.ts.
 */
import type { Field } from '../fields.ts';
import { boolean } from './boolean.ts';
import { enumKind } from './enum.ts';
import { file } from './file.ts';
import { integer } from './integer.ts';
import { list } from './list.ts';
import { password } from './password.ts';
import { reference } from './reference.ts';
import { relation } from './relation.ts';
import { richText } from './richText.ts';
import { slug } from './slug.ts';
import { tags } from './tags.ts';
import { text } from './text.ts';
import { timestamp } from './timestamp.ts';
import type { KindRule, KindRules } from './types.ts';

export const KIND_RULES: KindRules = { text, richText, slug, file, enum: enumKind, boolean, integer, tags, list, reference, relation, password, timestamp };

/** The rule of a field's kind. */
// The registry's type pairs each kind with its own rule; TypeScript cannot follow that through a lookup by a union key.
export const ruleOf = <F extends Field>(field: F) => KIND_RULES[field.kind] as unknown as KindRule<F>;
