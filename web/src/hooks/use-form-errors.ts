import { useCallback, useState } from 'react';
import { placeErrors, type FieldErrors } from '@/lib/api-error';

/**
 * A form's errors from the server, shown in place: a 422's messages under the fields they name
 * (`fieldProps(name).error`), and everything else (429, 403, 5xx, network, or a 422 naming a field the form
 * does not have) in the form's own block (`formMessages`, for `<FormError messages={formMessages} />`).
 */
export function useFormErrors(fields: readonly string[]) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formMessages, setFormMessages] = useState<string[]>([]);

  const handleError = useCallback(
    (error: unknown) => {
      const placed = placeErrors(error, fields);
      setErrors(placed.byField);
      setFormMessages(placed.rest);
    },
    [fields],
  );

  /** A message the form decides itself (e.g. "The passwords do not match."), under its field. */
  const showFieldError = useCallback((field: string, message: string) => {
    setErrors({ [field]: [message] });
    setFormMessages([]);
  }, []);

  const clearError = useCallback((field: string) => {
    setErrors((current) => (current[field]?.length ? { ...current, [field]: [] } : current));
  }, []);

  const reset = useCallback(() => {
    setErrors({});
    setFormMessages([]);
  }, []);

  /** The first message for a field, as the form shows one at a time. */
  const errorFor = (field: string): string | undefined => errors[field]?.[0];

  /** The props a `FormField` needs to show its server message and clear it once the user edits. */
  const fieldProps = (field: string) => ({
    name: field,
    error: errorFor(field),
    onChange: () => clearError(field),
  });

  return { errorFor, fieldProps, handleError, showFieldError, clearError, reset, formMessages };
}
