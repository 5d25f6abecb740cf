import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

/** What a control needs to be tied to its label and its message. */
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

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
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

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
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
