import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { AdminLadder, AdminTournament } from '@versus/common/api/admin';
import type { Webhook } from '@versus/common/api/webhooks';
import { RelativeTime } from '@/components/ui/local-time';
import { EndpointFields, readEndpointFields } from '@/components/webhooks/endpoint-fields';
import { errorMessage, fieldErrors, unshownFieldMessages, type FieldErrors } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useAdminLadders, useAdminTournaments } from '../api/competitions';
import {
  useCreateWebhook,
  useResendDelivery,
  useSetWebhookEnabled,
  useWebhookDeliveries,
  useWebhooks,
} from '../api/webhooks';
import { AdminQueryState } from './admin-query-state';

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

/** Which matches an endpoint hears: every one, its team's, or the named ladders and tournaments. */
export function competitionsText(
  endpoint: Webhook,
  ladders: readonly AdminLadder[],
  tournaments: readonly AdminTournament[],
): string {
  if (endpoint.teamId !== null) return "its team's matches";
  if (endpoint.ladderIds.length === 0 && endpoint.tournamentIds.length === 0) return 'every match';
  const named = (ids: readonly number[], list: readonly { id: number; name: string }[], what: string) =>
    ids.map((id) => list.find((c) => c.id === id)?.name ?? `${what} #${id}`);
  return [
    ...named(endpoint.ladderIds, ladders, 'ladder'),
    ...named(endpoint.tournamentIds, tournaments, 'tournament'),
  ].join(', ');
}

/**
 * The ladders and tournaments an admin's endpoint hears (none ticked: every match, solo-queue included).
 * Archived ladders and finished or cancelled tournaments are left out: they have no match to come.
 */
function CompetitionsPicker({
  ladders,
  tournaments,
  error,
}: {
  ladders: readonly AdminLadder[];
  tournaments: readonly AdminTournament[];
  error: string | undefined;
}) {
  const openLadders = ladders.filter((l) => l.archivedAt === null);
  const openTournaments = tournaments.filter(
    (c) => c.archivedAt === null && (c.status === 'upcoming' || c.status === 'running'),
  );
  return (
    <fieldset className="webhook-events" aria-describedby="webhook-competitions-hint">
      <legend>Competitions</legend>
      <p id="webhook-competitions-hint" className="muted">
        None ticked: every match, solo-queue included.
      </p>
      {openLadders.length > 0 && (
        <div role="group" aria-label="Ladders">
          <p className="field-label">Ladders</p>
          {openLadders.map((l) => (
            <label key={l.id} className="check-field">
              <input type="checkbox" name={`ladder-${l.id}`} /> {l.name}
            </label>
          ))}
        </div>
      )}
      {openTournaments.length > 0 && (
        <div role="group" aria-label="Tournaments">
          <p className="field-label">Tournaments</p>
          {openTournaments.map((c) => (
            <label key={c.id} className="check-field">
              <input type="checkbox" name={`tournament-${c.id}`} /> {c.name}
            </label>
          ))}
        </div>
      )}
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}

function EndpointCard({
  endpoint,
  ladders,
  tournaments,
}: {
  endpoint: Webhook;
  ladders: readonly AdminLadder[];
  tournaments: readonly AdminTournament[];
}) {
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
      <p>Hears: {competitionsText(endpoint, ladders, tournaments)}</p>
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
  const ladders = useAdminLadders().data ?? [];
  const tournaments = useAdminTournaments().data ?? [];
  const create = useCreateWebhook();
  const [errors, setErrors] = useState<FieldErrors>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const ticked = (list: readonly { id: number }[], prefix: string) =>
      list.filter((c) => data.get(`${prefix}-${c.id}`) === 'on').map((c) => c.id);
    create.mutate(
      {
        ...readEndpointFields(data),
        ladderIds: ticked(ladders, 'ladder'),
        tournamentIds: ticked(tournaments, 'tournament'),
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
            const shownHere = (field: string) =>
              ['events', 'ladderIds', 'tournamentIds'].includes(field.split('.')[0] ?? field) ||
              document.getElementsByName(field).length > 0;
            for (const message of unshownFieldMessages(fields, shownHere)) notify.error(message);
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
          <EndpointFields errors={errors} />
          <CompetitionsPicker
            ladders={ladders}
            tournaments={tournaments}
            error={errors.ladderIds?.[0] ?? errors.tournamentIds?.[0]}
          />
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
        webhooks.data.map((w) => (
          <EndpointCard key={w.id} endpoint={w} ladders={ladders} tournaments={tournaments} />
        ))
      )}
    </>
  );
}
