import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/** What a control needs to be tied to its label and its message (the id is the field's own). */
interface ControlWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The label, the control and the server's first message for it, wired for screen readers. */
function LabelledField({
  label,
  error,
  control,
}: {
  label: string;
  error: string | undefined;
  control: (wiring: ControlWiring) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  /** The server's first message for this field, shown under the input. */
  error?: string | undefined;
}

/** A labelled input with its validation message, wired for screen readers. */
export function FormField({ label, name, error, ...inputProps }: FormFieldProps) {
  return (
    <LabelledField
      label={label}
      error={error}
      control={(wiring) => <input {...wiring} name={name} className="field-input" {...inputProps} />}
    />
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  /** The server's first message for this field, shown under the text area. */
  error?: string | undefined;
}

/** A labelled text area with its validation message, wired for screen readers. */
export function TextAreaField({ label, error, ...areaProps }: TextAreaFieldProps) {
  return (
    <LabelledField
      label={label}
      error={error}
      control={(wiring) => <textarea {...wiring} className="field-input" {...areaProps} />}
    />
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  /** The server's first message for this field, shown under the select. */
  error?: string | undefined;
  children: ReactNode;
}

/** A labelled select with its validation message, wired for screen readers. */
export function SelectField({ label, error, children, ...selectProps }: SelectFieldProps) {
  return (
    <LabelledField
      label={label}
      error={error}
      control={(wiring) => (
        <select {...wiring} className="field-input" {...selectProps}>
          {children}
        </select>
      )}
    />
  );
}
