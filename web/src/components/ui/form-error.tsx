import { errorMessages } from '@/lib/api-error';

interface FormErrorProps {
  /** A failed request: its 422 messages, else the server's `message`. Nothing is shown while null. */
  error?: unknown;
  /** Texts to show instead of `error`'s (e.g. those no field of the form shows). */
  messages?: readonly string[];
  /** Put before the message, e.g. the spec's "An error has occurred: ". */
  prefix?: string;
  /** Shown when the failed answer carries no message (a network error, a 5xx page). */
  fallback?: string;
  id?: string;
}

/**
 * A refused submit, shown where the user is looking: inside the form or dialog, under its fields and above
 * its buttons. Announced to screen readers (`role="alert"`). One message is a line, several are a list.
 *
 * `<FormError error={mutation.error} />` in a dialog; with `useFormErrors`, `<FormError messages={formMessages} />`
 * for what the fields do not show.
 */
export function FormError({ error, messages, prefix = '', fallback, id }: FormErrorProps) {
  const list = messages ?? (error ? errorMessages(error, fallback) : []);
  if (list.length === 0) return null;
  return (
    <div id={id} className="form-error" role="alert">
      {list.length === 1 ? (
        <p>
          {prefix}
          {list[0]}
        </p>
      ) : (
        <>
          {prefix && <p>{prefix.trim()}</p>}
          <ul>
            {list.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
