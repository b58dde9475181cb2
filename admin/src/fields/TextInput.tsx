/** The one-line or multi-line text input that text, slug and password fields share. */
import type { FieldInputProps } from './types.ts';
import { Hint, hintId } from './Hint.tsx';

interface Props extends Pick<FieldInputProps, 'id' | 'label' | 'value' | 'onChange' | 'required' | 'hint'> {
  multiline?: boolean;
  type?: 'text' | 'email' | 'password';
  inputMode?: 'url';
  spellCheck?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
  autoComplete?: string;
}

export default function TextInput({ id, label, value, onChange, required, hint, multiline = false, type = 'text', inputMode, spellCheck, disabled, onBlur, autoComplete }: Props) {
  const describedBy = hint ? hintId(id) : undefined;
  return (
    <div className={multiline ? 'field wide' : 'field'}>
      {label}
      {multiline ? (
        <textarea id={id} rows={4} value={String(value ?? '')} onChange={(event) => onChange(event.target.value)} required={required} aria-describedby={describedBy} />
      ) : (
        <input
          id={id}
          type={type}
          inputMode={inputMode}
          spellCheck={spellCheck}
          value={String(value ?? '')}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          required={required}
          disabled={disabled}
          aria-describedby={describedBy}
          autoComplete={autoComplete}
        />
      )}
      <Hint id={id} hint={hint} />
    </div>
  );
}
