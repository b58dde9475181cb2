/**
 * The admin's side of every field kind, one module each: adding a kind to the contract is one
 * file here, and its entry below (a kind without one does not type-check).
 */
import type { Field } from '@cms/worker/contract';
import { boolean } from './boolean.tsx';
import { enumKind } from './enum.tsx';
import { file } from './file.tsx';
import { integer } from './integer.tsx';
import { list } from './list.tsx';
import { password } from './password.tsx';
import { reference } from './reference.tsx';
import { relation } from './relation.tsx';
import { richText } from './richText.tsx';
import { slug } from './slug.tsx';
import { tags } from './tags.tsx';
import { text } from './text.tsx';
import { timestamp } from './timestamp.tsx';
import type { FieldKindModule, FieldKindRegistry } from './types.ts';

export const FIELD_KINDS: FieldKindRegistry = { text, richText, slug, file, enum: enumKind, boolean, integer, tags, list, reference, relation, password, timestamp };

/** The module of a field's kind. */
// The registry's type pairs each kind with its own module; TypeScript cannot follow that through a lookup by a union key.
export const kindOf = <F extends Field>(field: F) => FIELD_KINDS[field.kind] as unknown as FieldKindModule<F>;
