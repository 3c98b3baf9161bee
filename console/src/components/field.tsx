import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';

export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

interface FieldProps {
  label: string;
  help?: string;
  error?: string | undefined;
  class?: string;
  /** Renders the control with the id and descriptions the label and messages point at. */
  children: (control: ControlProps) => ComponentChildren;
}

/** A labelled control with its help text and, when invalid, the reason next to it. */
export function Field({ label, help, error, children, class: className }: FieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [help ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label for={id}>{label}</label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {help && (
        <p class="field-help" id={helpId}>
          {help}
        </p>
      )}
      {error && (
        <p class="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

interface TextFieldProps {
  label: string;
  help?: string;
  error?: string | undefined;
  value: string;
  onValue: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'number' | 'url';
  name?: string;
  autoComplete?: string;
  required?: boolean;
  maxLength?: number;
  min?: number;
  step?: string;
  inputMode?: 'text' | 'decimal' | 'numeric' | 'email' | 'url';
  /** A class for the input (e.g. `input-wide`). */
  class?: string;
}

export function TextField({ label, help, error, value, onValue, type = 'text', class: inputClass, ...input }: TextFieldProps) {
  // Preact types <input> per `type` (which roles it allows); a union of types is not narrowed, hence the cast.
  const inputType = type as 'text';
  return (
    <Field label={label} help={help} error={error}>
      {(control) => (
        <input {...input} {...control} type={inputType} class={inputClass} value={value} onInput={(e) => onValue(e.currentTarget.value)} />
      )}
    </Field>
  );
}

export function SelectField(props: {
  label: string;
  help?: string;
  error?: string | undefined;
  value: string;
  onValue: (value: string) => void;
  options: { value: string; label: string }[];
  required?: boolean;
  name?: string;
}) {
  const { label, help, error, value, onValue, options, required, name } = props;
  return (
    <Field label={label} help={help} error={error}>
      {(control) => (
        <select {...control} name={name} required={required} value={value} onChange={(e) => onValue(e.currentTarget.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
