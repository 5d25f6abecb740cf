import { useState, type FormEvent } from 'react';
import type { Webhook } from '@versus/common/api/webhooks';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EndpointFields, readEndpointFields } from '@/components/webhooks/endpoint-fields';
import { errorMessage, fieldErrors, unshownFieldMessages, type FieldErrors } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import {
  useCreateTeamWebhook,
  useRemoveTeamWebhook,
  useResumeTeamWebhook,
  useTeamWebhooks,
} from '../api/team-webhook';

/** The team's one endpoint: where it posts, its secret, what it hears, and removing it. */
function TeamEndpoint({ slug, endpoint }: { slug: string; endpoint: Webhook }) {
  const remove = useRemoveTeamWebhook(slug);
  const resume = useResumeTeamWebhook(slug);
  const [asking, setAsking] = useState(false);
  // An admin's "off" wins over a pause: only an admin turns that endpoint on again.
  const paused = endpoint.enabled && endpoint.pausedAt !== null;
  const state = !endpoint.enabled
    ? 'Turned off by an admin'
    : paused
      ? 'Paused after failing for a day: fix the receiver, then turn it on again.'
      : 'On';
  return (
    <div role="group" aria-label={`Webhook ${endpoint.name}`}>
      <p>
        <strong>{endpoint.name}</strong>{' '}
        <span className="muted">({endpoint.type === 'discord' ? 'Discord' : 'signed JSON'})</span>
      </p>
      <p className="muted webhook-url">{endpoint.url}</p>
      <p>{state}</p>
      <p>Events: {endpoint.events.join(', ')}</p>
      {endpoint.type === 'generic' && (
        <p>
          Secret (checks the signature): <code className="webhook-url">{endpoint.secret}</code>
        </p>
      )}
      <div className="button-row">
        {paused && (
          <button
            type="button"
            className="button button-primary button-small"
            disabled={resume.isPending}
            onClick={() =>
              resume.mutate(endpoint.id, {
                onSuccess: (hook) => notify.success(`${hook.name} is on again.`),
                onError: (err) => notify.error(errorMessage(err)),
              })
            }
          >
            Turn on again
          </button>
        )}
        <button
          type="button"
          className="button button-ghost button-small"
          disabled={remove.isPending}
          onClick={() => setAsking(true)}
        >
          Remove webhook
        </button>
      </div>
      {asking && (
        <ConfirmDialog
          title={`Remove ${endpoint.name}?`}
          message="The team's matches are no longer posted to it."
          confirmLabel="Yes, remove it"
          onConfirm={() => {
            setAsking(false);
            remove.mutate(endpoint.id, {
              onSuccess: (message) => notify.success(message),
              onError: (err) => notify.error(errorMessage(err)),
            });
          }}
          onCancel={() => setAsking(false)}
        />
      )}
    </div>
  );
}

function TeamWebhookForm({ slug }: { slug: string }) {
  const create = useCreateTeamWebhook(slug);
  const [errors, setErrors] = useState<FieldErrors>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    create.mutate(readEndpointFields(data), {
      onSuccess: (hook) => {
        setErrors({});
        notify.success(`${hook.name} is registered.`);
      },
      onError: (err) => {
        const fields = fieldErrors(err);
        if (!fields) {
          notify.error(errorMessage(err));
          return;
        }
        setErrors(fields);
        const shownHere = (field: string) =>
          field.startsWith('events') || document.getElementsByName(field).length > 0;
        for (const message of unshownFieldMessages(fields, shownHere)) notify.error(message);
      },
    });
  };

  return (
    <form className="form" aria-label="Register the team's webhook" onSubmit={handleSubmit}>
      <EndpointFields errors={errors} />
      <button type="submit" className="button button-primary" disabled={create.isPending}>
        Register webhook
      </button>
    </form>
  );
}

/**
 * `/team/{slug}` for its captain: one webhook for the team's matches (a bot, or a Discord channel). It hears
 * only the team's matches and never gets a server's connection string.
 */
export function TeamWebhook({ slug }: { slug: string }) {
  const query = useTeamWebhooks(slug);
  return (
    <section className="card" aria-labelledby="team-webhook">
      <h2 id="team-webhook" className="section-title">
        Webhook
      </h2>
      <p className="muted">
        Posts your team&apos;s matches to a bot or a Discord channel: created, accepted, veto, server, score,
        result, disputes. Only you, the captain, see this.
      </p>
      {query.isPending ? (
        <p className="muted">Loading ...</p>
      ) : query.isError ? (
        <p>The webhook could not be loaded.</p>
      ) : query.data[0] ? (
        <TeamEndpoint slug={slug} endpoint={query.data[0]} />
      ) : (
        <TeamWebhookForm slug={slug} />
      )}
    </section>
  );
}
