import { useCallback, useState } from 'react';
import { errorMessage, fieldErrors, type FieldErrors } from '@/lib/api-error';
import { notify } from '@/lib/notify';

/**
 * Turns a failed submit into what the form shows: a 422's field messages under the inputs it names, and
 * anything else (429, 5xx, network, or a 422 naming no field of this form) as an error toast.
 */
export function useServerErrors(fields: readonly string[]) {
  const [errors, setErrors] = useState<FieldErrors>({});

  const handleError = useCallback(
    (error: unknown) => {
      const byField = fieldErrors(error) ?? {};
      setErrors(byField);
      if (!fields.some((field) => byField[field]?.length)) notify.error(errorMessage(error));
    },
    [fields],
  );

  const clearError = useCallback((field: string) => {
    setErrors((current) => (current[field] ? { ...current, [field]: [] } : current));
  }, []);

  /** The first message for a field, as the form shows one at a time. */
  const errorFor = (field: string): string | undefined => errors[field]?.[0];

  /** The props a `FormField` needs to show its server message and clear it once the user edits. */
  const fieldProps = (field: string) => ({
    name: field,
    error: errorFor(field),
    onChange: () => clearError(field),
  });

  return { errorFor, fieldProps, handleError, clearError, reset: () => setErrors({}) };
}
