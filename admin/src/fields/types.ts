/**
 * What one field kind owns in the admin: its form state, its part of the multipart body, its
 * form input (its default list cell is in cells/defaults.ts).
 */
import type { Cell, Dialect, Field, ResourceDefinition } from '@cms/worker/contract';
import type { ComponentProps, ComponentType, ReactNode } from 'react';
import type UploadButton from '../widgets/UploadButton.tsx';
import type { Screen } from '../screens/screens.ts';

import type { FieldKind, FieldOf } from './kinds.ts';

export type Row = { _id: string } & Record<string, unknown>;
export type Values = Record<string, unknown>;

/** How a relation's records are chosen: checkboxes unless the screen names another way. */
export type FieldWidget = 'dropdown' | 'light' | 'permissions';

/** The form an input sits in, for inputs whose help or state depends on it (the slug's address). */
export interface FormContext {
  resource: ResourceDefinition;
  screen: Screen;
  /** The stored record being edited; null while adding. */
  record: Row | null;
  values: Values;
}

export interface FieldInputProps<F extends Field = Field> {
  /** `field-<name>`, the id its label points at. */
  id: string;
  name: string;
  field: F;
  /** The label element, marked when the field is required. */
  label: ReactNode;
  value: unknown;
  onChange: (value: unknown) => void;
  /** A file chosen for a file field (null: the choice was removed). */
  onFile: (file: File | null) => void;
  required: boolean;
  hint?: ReactNode;
  widget?: FieldWidget;
  dialect: Dialect;
  companions?: Pick<ComponentProps<typeof UploadButton>, 'alt' | 'focus' | 'onPreparing'>;
  form: FormContext;
}

export interface FieldKindModule<F extends Field = Field> {
  /** Form state from the stored value (`record` null: adding, the field's default). */
  initial: (field: F, current: unknown, record: Row | null, name: string) => unknown;
  /** Adds the form value to the multipart body the API takes; `file` is the one chosen for it. */
  append: (form: FormData, name: string, field: F, value: unknown, file: File | undefined) => void;
  Input: ComponentType<FieldInputProps<F>>;
  /**
   * False for an input no label can point at (the rich-text editor's editable area): its label
   * has no `for`, names it by its own aria-label, and focuses it when clicked.
   */
  labelable?: false;
  /** Whether the input is marked required (`editing`: the record exists already). */
  required?: (field: F, editing: boolean) => boolean;
  /**
   * A kind that checks its own value instead of the shared schema (files are checked when
   * chosen): the message of what is wrong, or null.
   */
  ownCheck?: (field: F, value: unknown, file: File | undefined) => string | null;
  /** A new value when another field changes and this one follows it (the slug its title); undefined: unchanged. */
  follows?: (field: F, changed: { name: string; value: unknown }, form: Pick<FormContext, 'screen' | 'record'>) => unknown;
  /** The value as the server will store it, applied before saving and previewing. */
  tidy?: (value: unknown) => unknown;
  /** The choices of a list filter on this field; `cell` is the column's cell, if shown. */
  filterOptions?: (field: F, cell: Cell | undefined) => Array<{ value: string; label: string }>;
}

/** Every kind has its module: a kind added to the contract without one is a type error here. */
export type FieldKindRegistry = { [K in FieldKind]: FieldKindModule<FieldOf<K>> };
