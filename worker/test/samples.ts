/** Valid inputs for any collection, derived from its definition, so every resource is exercised the same way. */
import type { Field, ResourceDefinition } from '../src/contract/fields.ts';
import { unique } from './client.ts';

/** A real 1-pixel PNG. */
export const PNG_BYTES = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

export const PNG = () => new File([PNG_BYTES], 'pixel.png', { type: 'image/png' });

function sampleValue(name: string, field: Field, refs: Record<string, string>): string | File | undefined {
  switch (field.kind) {
    case 'text':
      if (field.format === 'email') return `${unique('mail')}@example.org`;
      if (field.format === 'url') return 'https://example.org/page';
      if (field.format === 'link') return '/our-work';
      if (field.pattern?.regex.startsWith('^/')) return `/${unique('alamat-lama')}`;
      if (field.pattern && name === 'name') return `${unique('t')}.create`.replace(/[^a-z0-9.-]/g, '');
      if (field.pattern && name === 'username') return unique('user');
      return field.required ? unique(field.label.replace(/\W+/g, '')) : undefined;
    case 'richText':
      return field.required ? '<p>Isi konten</p>' : undefined;
    case 'enum':
      return field.required && field.default === undefined ? field.values[0] : undefined;
    case 'list':
      return field.minItems ? JSON.stringify([{ value: '10', label: 'Trees', icon: 'leaf' }]) : undefined;
    case 'reference':
      return field.required ? refs[field.to] : undefined;
    case 'password':
      return 'rahasia-123';
    case 'file':
      return field.required ? PNG() : undefined;
    case 'timestamp':
      // Only times staff enter are sent; a required one (an event's) a day ahead.
      return field.required && field.schedule ? new Date(Date.now() + 86_400_000).toISOString() : undefined;
    default:
      return undefined;
  }
}

/** A multipart form with every required field of `resource` filled. */
export function sampleForm(resource: ResourceDefinition, refs: Record<string, string> = {}, overrides: Record<string, string | File> = {}) {
  const data = new FormData();
  for (const [name, field] of Object.entries(resource.fields)) {
    const value = name in overrides ? overrides[name] : sampleValue(name, field, refs);
    if (value !== undefined) data.append(field.kind === 'file' ? (field.part ?? name) : name, value);
  }
  for (const [name, value] of Object.entries(overrides)) if (!(name in resource.fields)) data.append(name, value);
  return data;
}
