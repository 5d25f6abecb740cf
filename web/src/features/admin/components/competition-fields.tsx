import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { FieldErrors } from '@/lib/api-error';
import { errorMessage, fieldErrors } from '@/lib/api-error';
import { formText } from '@/lib/form-data';
import { notify } from '@/lib/notify';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  name: string;
  error?: string | undefined;
  children: ReactNode;
}

/** A labelled select with its validation message. */
export function SelectField({ label, name, error, children, ...props }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled checkbox. */
export function CheckField({
  label,
  name,
  defaultChecked,
}: {
  label: string;
  name: string;
  defaultChecked?: boolean;
}) {
  const id = useId();
  return (
    <div className="field field-check">
      <input id={id} type="checkbox" name={name} defaultChecked={defaultChecked} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A whole number from the form; undefined when left empty (the server's default applies). */
export function formInt(data: FormData, name: string): number | undefined {
  const text = formText(data, name).trim();
  return text === '' ? undefined : Number(text);
}

/** Mutation callbacks: field errors under the inputs, anything else as a toast. */
export function handlers(setErrors: (e: FieldErrors) => void, success: string, reset?: () => void) {
  return {
    onSuccess: () => {
      setErrors({});
      reset?.();
      notify.success(success);
    },
    onError: (err: unknown) => {
      const fields = fieldErrors(err);
      if (fields) setErrors(fields);
      else notify.error(errorMessage(err));
    },
  };
}

export const PROMOD_MODES = ['match_mr12', 'match_mr10', 'match_mr15', 'match_mr3', 'knockout_mr12'] as const;
