import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Webhook, WebhookEvent, WebhookType } from '@versus/common/api/webhooks';
import { FormField } from '@/components/ui/form-field';
import { RelativeTime } from '@/components/ui/local-time';
import { errorMessage, fieldErrors, unshownFieldMessages, type FieldErrors } from '@/lib/api-error';
import { formText } from '@/lib/form-data';
import { notify } from '@/lib/notify';
import {
  useCreateWebhook,
  useResendDelivery,
  useSetWebhookEnabled,
  useWebhookDeliveries,
  useWebhooks,
} from '../api/webhooks';
import { AdminQueryState } from './admin-query-state';
import { SelectField } from './competition-fields';

/** The events an endpoint may hear (the API's list; zod stays on the server, so it is repeated here). */
const WEBHOOK_EVENTS: readonly WebhookEvent[] = [
  'match.created',
  'match.accepted',
  'match.cancelled',
  'veto.finished',
  'server.ready',
  'map.finished',
  'match.result',
  'dispute.opened',
  'dispute.resolved',
  'tournament.round-started',
  'standings.changed',
  'match.starting-soon',
];

/** One endpoint's newest deliveries: event, match, status, the receiver's answer, when; "Send again". */
function DeliveryLog({ endpoint }: { endpoint: Webhook }) {
  const query = useWebhookDeliveries(endpoint.id);
  const resend = useResendDelivery(endpoint.id);
  if (!query.isSuccess) return <AdminQueryState error={query.error} what="The deliveries" />;
  if (query.data.length === 0) return <p className="muted">Nothing delivered yet.</p>;
  return (
    <ul className="plain-list admin-list" aria-label={`Deliveries of ${endpoint.name}`}>
      {query.data.map((d) => (
        <li key={d.id} className="admin-row">
          <span className="admin-row-main">
            <b>{d.event}</b> · match <Link to={`/match/${d.matchId}`}>#{d.matchId}</Link> ·{' '}
            <span className={d.status === 'failed' ? 'tag tag-danger' : undefined}>{d.status}</span>
            <span className="muted">
              {' '}
              · {d.lastStatusCode === null ? 'no answer' : `HTTP ${d.lastStatusCode}`} · {d.attempts}{' '}
              {d.attempts === 1 ? 'attempt' : 'attempts'}
              {d.lastAttemptAt && (
                <>
                  {' '}
                  · <RelativeTime iso={d.lastAttemptAt} />
                </>
              )}
            </span>
          </span>
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={d.status === 'pending' || resend.isPending}
            onClick={() =>
              resend.mutate(d.id, {
                onSuccess: (sent) => notify.success(`Delivery ${sent.id} sent again: ${sent.status}.`),
                onError: (err) => notify.error(errorMessage(err)),
              })
            }
          >
            Send again
          </button>
        </li>
      ))}
    </ul>
  );
}

function EndpointCard({ endpoint }: { endpoint: Webhook }) {
  const toggle = useSetWebhookEnabled();
  const state = endpoint.pausedAt ? 'Paused after failing for a day' : endpoint.enabled ? 'On' : 'Off';
  return (
    <section className="card" aria-label={endpoint.name}>
      <h2 className="section-title">
        {endpoint.name} <span className="muted">({endpoint.type})</span>
      </h2>
      <p className="muted webhook-url">{endpoint.url}</p>
      <p>
        {state} ·{' '}
        {endpoint.teamId === null ? 'league endpoint' : `team endpoint of ${endpoint.ownerUsername ?? '?'}`} ·{' '}
        {endpoint.events.join(', ')}
      </p>
      <p>
        <button
          type="button"
          className="button button-ghost button-small"
          disabled={toggle.isPending}
          onClick={() =>
            toggle.mutate({ id: endpoint.id, enabled: !endpoint.enabled || endpoint.pausedAt !== null })
          }
        >
          {endpoint.enabled && !endpoint.pausedAt ? 'Turn off' : 'Turn on'}
        </button>
      </p>
      <h3 className="section-title">Deliveries</h3>
      <DeliveryLog endpoint={endpoint} />
    </section>
  );
}

/** `/admin/webhooks`: register an endpoint (generic or Discord), and each endpoint's delivery log. */
export function WebhooksPage() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const [errors, setErrors] = useState<FieldErrors>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const events = WEBHOOK_EVENTS.filter((e) => data.get(`event-${e}`) === 'on');
    create.mutate(
      {
        type: formText(data, 'type') as WebhookType,
        name: formText(data, 'name'),
        url: formText(data, 'url'),
        events,
      },
      {
        onSuccess: (hook) => {
          notify.success(`${hook.name} is registered.`);
          setErrors({});
          form.reset();
        },
        onError: (err) => {
          const fields = fieldErrors(err);
          if (fields) {
            setErrors(fields);
            for (const message of unshownFieldMessages(fields)) notify.error(message);
          } else notify.error(errorMessage(err));
        },
      },
    );
  };

  return (
    <>
      <h1>Webhooks</h1>
      <section className="card" aria-labelledby="admin-webhook-new">
        <h2 id="admin-webhook-new" className="section-title">
          Register an endpoint
        </h2>
        <p className="muted">
          Each delivery is signed with the endpoint&apos;s secret and retried for a day; see the docs&apos;
          webhooks page to verify it or wire a Discord channel.
        </p>
        <form className="form" aria-labelledby="admin-webhook-new" onSubmit={handleSubmit}>
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
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            Register endpoint
          </button>
        </form>
      </section>
      {!webhooks.isSuccess ? (
        <AdminQueryState error={webhooks.error} what="The webhooks" />
      ) : webhooks.data.length === 0 ? (
        <p className="muted">No endpoint yet.</p>
      ) : (
        webhooks.data.map((w) => <EndpointCard key={w.id} endpoint={w} />)
      )}
    </>
  );
}
