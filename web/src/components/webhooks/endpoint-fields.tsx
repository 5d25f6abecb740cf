import { WEBHOOK_EVENTS, type WebhookEvent, type WebhookType } from '@versus/common/webhooks/events';
import { FormField, SelectField } from '@/components/ui/form-field';
import type { FieldErrors } from '@/lib/api-error';
import { formText } from '@/lib/form-data';

/**
 * The fields every webhook endpoint is registered with, on the admin page and on a team page: its type, name,
 * URL and the events it hears (every event ticked at first).
 */
export function EndpointFields({ errors }: { errors: FieldErrors }) {
  return (
    <>
      <SelectField label="Type" name="type">
        <option value="generic">Signed JSON</option>
        <option value="discord">Discord</option>
      </SelectField>
      <FormField label="Name" name="name" required error={errors.name?.[0]} />
      <FormField label="URL" name="url" required error={errors.url?.[0]} />
      <fieldset className="webhook-events">
        <legend>Events</legend>
        {WEBHOOK_EVENTS.map((e) => (
          <label key={e} className="check-field">
            <input type="checkbox" name={`event-${e}`} defaultChecked /> {e}
          </label>
        ))}
        {errors.events?.[0] && <p className="field-error">{errors.events[0]}</p>}
      </fieldset>
    </>
  );
}

/** What `EndpointFields` hold, read from the submitted form. */
export function readEndpointFields(data: FormData): {
  type: WebhookType;
  name: string;
  url: string;
  events: WebhookEvent[];
} {
  return {
    type: formText(data, 'type') as WebhookType,
    name: formText(data, 'name'),
    url: formText(data, 'url'),
    events: WEBHOOK_EVENTS.filter((e) => data.get(`event-${e}`) === 'on'),
  };
}
