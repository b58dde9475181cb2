/** A time the server sets (read-only, not sent), or one staff set in WIB: a publishing schedule or an event's time. */
import type { TimestampField } from '@cms/worker/contract';
import ScheduleInput from '../widgets/ScheduleInput.tsx';
import { appendText } from './plain.ts';
import type { FieldKindModule } from './types.ts';

export const timestamp: FieldKindModule<TimestampField> = {
  initial: (_field, current) => current ?? '',
  append: (form, name, field, value) => {
    if (field.schedule) appendText(form, name, value);
  },
  Input: ({ id, field, label, value, onChange }) =>
    field.schedule ? (
      <ScheduleInput id={id} label={label} required={field.required === true} emptyMeans={field.schedule === 'event' ? 'tidak ada waktunya' : undefined} value={String(value ?? '')} onChange={onChange} />
    ) : null,
};
