import { Link } from 'react-router';
import { LocalTime } from '@/components/ui/local-time';
import { NotFound } from '@/components/ui/not-found';
import { SafeHtml } from '@/components/ui/safe-html';
import { errorStatus } from '@/lib/api-error';
import { useTicket } from '../api/get-ticket';
import { useTicketLive } from '../hooks/use-ticket-live';
import type { TicketPerson } from '@versus/common/api/disputes';
import { DemosList } from '@/components/demos-list';
import { MessageForm } from './message-form';
import { ResolveForm } from './resolve-form';

function Person({ person }: { person: TicketPerson | null }) {
  if (!person) return <span className="muted">System</span>;
  if (person.formattedUsername) return <SafeHtml html={person.formattedUsername} />;
  return <span>{person.username ?? `User #${person.id}`}</span>;
}

/** `/ticket/{id}`: the dispute with its messages (new ones arrive live); admins get the resolution form. */
export function TicketView({ id }: { id: number }) {
  const query = useTicket(id);
  const live = useTicketLive(query.isSuccess ? id : null);
  if (query.isPending) return <p className="muted">Loading ...</p>;
  if (query.isError) {
    const status = errorStatus(query.error);
    if (status === 404) return <NotFound>This ticket does not exist.</NotFound>;
    return (
      <p>
        {status === 403
          ? 'Only the players of this match and admins can read this ticket.'
          : status === 401
            ? 'Sign in to read this ticket.'
            : 'The ticket could not be loaded.'}
      </p>
    );
  }
  const t = query.data;
  const score =
    t.match.score.challenger === null || t.match.score.opponent === null
      ? 'no score'
      : `${t.match.score.challenger} : ${t.match.score.opponent}`;
  return (
    // data-live: browser tests wait for it so no message can be missed.
    <article className="ticket" data-live={live}>
      <h1>Dispute ticket #{t.id}</h1>
      <p>
        <span className="status-badge">
          {t.status === 'open' ? 'Open' : `Closed (${t.resolution ?? t.status})`}
        </span>{' '}
        Match <Link to={t.match.url}>#{t.match.id}</Link>: {t.match.challengerName} vs {t.match.opponentName}{' '}
        · {t.match.statusName} · {score}
      </p>
      <section className="card" aria-labelledby="ticket-reason">
        <h2 id="ticket-reason" className="section-title">
          Reason
        </h2>
        <p className="muted">
          Opened by <Person person={t.openedBy} /> on <LocalTime iso={t.createdAt} style="dateTime" />
        </p>
        <p className="pre-wrap">{t.description}</p>
        {t.resolutionNote && (
          <p>
            <strong>Resolution note:</strong> {t.resolutionNote}
          </p>
        )}
      </section>
      <section className="card">
        <DemosList matchId={t.match.id} />
      </section>
      <section className="card" aria-labelledby="ticket-messages">
        <h2 id="ticket-messages" className="section-title">
          Messages
        </h2>
        {t.messages.length === 0 ? (
          <p className="muted">No messages yet.</p>
        ) : (
          <ol className="plain-list">
            {t.messages.map((m) => (
              <li key={m.id} className="ticket-message">
                <p className="muted">
                  <Person person={m.user} /> · <LocalTime iso={m.createdAt} style="dateTime" />
                </p>
                <p className="pre-wrap">{m.message}</p>
              </li>
            ))}
          </ol>
        )}
        {t.status === 'open' && <MessageForm ticketId={t.id} />}
      </section>
      {t.canResolve && (
        <section className="card">
          <ResolveForm ticketId={t.id} matchId={t.match.id} />
        </section>
      )}
    </article>
  );
}
