import { FormError } from '@/components/ui/form-error';
import { useCalendarLink, useResetCalendarLink } from '../api/calendar';

/**
 * The private calendar feed (docs/scheduling.md): a secret URL a calendar app subscribes to, listing the
 * viewer's matches with an agreed time. "Reset link" makes a new secret; the old URL stops working.
 */
export function CalendarPanel() {
  const link = useCalendarLink();
  const reset = useResetCalendarLink();
  return (
    <section className="form" aria-labelledby="calendar-title">
      <h2 id="calendar-title" className="section-title">
        Calendar
      </h2>
      <p className="muted">
        Subscribe to this private link in your calendar app to see your matches with an agreed time. Anyone
        with the link can read it: reset it if it leaks.
      </p>
      {link.data && (
        <div className="token-box">
          <code data-testid="calendar-url">{link.data.url}</code>
        </div>
      )}
      {link.isError && <p className="muted">The calendar link could not be loaded.</p>}
      <FormError error={reset.error} />
      <button
        type="button"
        className="button"
        onClick={() => reset.mutate()}
        disabled={reset.isPending || !link.data}
      >
        Reset link
      </button>
    </section>
  );
}
