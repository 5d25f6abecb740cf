import type { AdminGameServer } from '@versus/common/api/game-servers';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { errorMessage, fieldErrors, unshownFieldMessages, type FieldErrors } from '@/lib/api-error';
import { formText } from '@/lib/form-data';
import { notify } from '@/lib/notify';
import {
  useAddGuest,
  useDeleteGameServer,
  useGameServers,
  useMatchGuests,
  useMoveMatchServer,
  useRemoveGuest,
  useSaveGameServer,
} from '../api/game-servers';
import { useAdminLocations } from '../api/get-locations';
import { ActiveToggle, ENABLE } from './active-toggle';

function LiveState({ server }: { server: AdminGameServer }) {
  if (server.status !== 'ONLINE') {
    return (
      <span className="game-server-state game-server-offline">
        {server.status === 'OFFLINE' ? 'offline' : 'unknown'}
        {server.lastError ? ` (${server.lastError})` : ''}
      </span>
    );
  }
  return (
    <span className="game-server-state game-server-online">
      {/* An allocated server is read with rcon `status`, which does not say its slots: then no "/max". */}
      online · {server.map ?? 'no map'} · {server.players}
      {server.maxPlayers > 0 ? `/${String(server.maxPlayers)}` : ''} players
    </span>
  );
}

/**
 * What an admin does for the match on a server: allow named guests (a caster, an observer) past the roster
 * lock, and move the match to another free, enabled, online server (it is configured the same way; the old
 * one is released). Only servers that could take the match are offered.
 */
function MatchOnServer({ server, pool }: { server: AdminGameServer; pool: AdminGameServer[] }) {
  const matchId = server.match?.id ?? 0;
  const guests = useMatchGuests(matchId);
  const addGuest = useAddGuest(matchId);
  const removeGuest = useRemoveGuest(matchId);
  const move = useMoveMatchServer(matchId);
  const [errors, setErrors] = useState<FieldErrors>({});
  const targets = pool.filter(
    (s) => s.id !== server.id && s.match === null && s.enabled && s.status === 'ONLINE',
  );

  const handleGuest = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    addGuest.mutate(
      { playerId: formText(data, 'playerId').trim(), name: formText(data, 'name').trim() },
      {
        onSuccess: (guest) => {
          setErrors({});
          form.reset();
          notify.success(`${guest.name} may join match #${matchId}.`);
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

  const handleMove = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = Number(formText(new FormData(event.currentTarget), 'gameServerId'));
    if (!target) return;
    move.mutate(target);
  };

  return (
    <div className="match-on-server">
      <div>
        <h4 className="match-on-server-title">Guests of match #{matchId}</h4>
        {guests.isSuccess && guests.data.length === 0 && <p className="muted">No guests.</p>}
        {guests.isSuccess && guests.data.length > 0 && (
          <ul className="plain-list">
            {guests.data.map((g) => (
              <li key={g.id} className="admin-row">
                <span>
                  {g.name} <code>{g.playerId}</code>
                </span>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={removeGuest.isPending}
                  onClick={() =>
                    removeGuest.mutate(g.id, { onError: (err) => notify.error(errorMessage(err)) })
                  }
                  aria-label={`Remove guest ${g.name}`}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        <form
          className="form match-on-server-form"
          onSubmit={handleGuest}
          aria-label={`Allow a guest on match #${matchId}`}
        >
          <FormField label="Player id" name="playerId" required error={errors.playerId?.[0]} />
          <FormField label="Guest name" name="name" required maxLength={64} error={errors.name?.[0]} />
          <button type="submit" className="button button-primary button-small" disabled={addGuest.isPending}>
            Allow guest
          </button>
        </form>
      </div>
      <form className="form match-on-server-form" onSubmit={handleMove} aria-label={`Move match #${matchId}`}>
        <div className="field">
          <label className="field-label" htmlFor={`move-${server.id}`}>
            Move the match to
          </label>
          <select
            id={`move-${server.id}`}
            name="gameServerId"
            className="field-input"
            disabled={targets.length === 0}
          >
            {targets.length === 0 && <option value="">No free server is online</option>}
            {targets.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name} ({t.locationName ?? 'any location'})
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="button button-primary button-small"
          disabled={move.isPending || targets.length === 0}
        >
          Move match
        </button>
      </form>
    </div>
  );
}

/** The pool of CoD4x servers: live state, which match uses each, add, switch on/off, delete. */
export function GameServersAdmin() {
  const query = useGameServers();
  const locations = useAdminLocations();
  const save = useSaveGameServer();
  const remove = useDeleteGameServer();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [token, setToken] = useState<{ name: string; token: string } | null>(null);
  const [deleting, setDeleting] = useState<AdminGameServer | null>(null);

  const handleAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const location = formText(data, 'locationId');
    save.mutate(
      {
        name: formText(data, 'name').trim(),
        host: formText(data, 'host').trim(),
        port: Number(formText(data, 'port') || 28960),
        rconPassword: formText(data, 'rconPassword'),
        locationId: location === '' ? null : Number(location),
      },
      {
        onSuccess: (saved) => {
          setErrors({});
          form.reset();
          if (saved.agentToken) setToken({ name: saved.name, token: saved.agentToken });
          if (saved.check.result === 'ok') notify.success(`Server added: ${saved.check.message}`);
          else notify.error(`Server added, but: ${saved.check.message}`);
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
    <section className="card game-servers-admin" aria-labelledby="admin-game-servers">
      <h2 id="admin-game-servers" className="section-title">
        Server pool
      </h2>
      {query.isSuccess && query.data.length === 0 && <p className="muted">No game servers are registered.</p>}
      {query.isSuccess && query.data.length > 0 && (
        <ul className="plain-list">
          {query.data.map((s) => (
            <li key={s.id} className="admin-row game-server-row" data-testid={`game-server-${s.id}`}>
              <span>
                <strong>{s.name}</strong> <code>{`${s.host}:${s.port}`}</code>{' '}
                <span className="muted">{s.locationName ?? 'any location'}</span>
                <br />
                <LiveState server={s} />
                {' · '}
                {s.match ? <Link to={s.match.url}>in use by match #{s.match.id}</Link> : <span>free</span>}
                {!s.enabled && <span className="muted"> · disabled</span>}
              </span>
              <span className="admin-row-actions">
                <ActiveToggle
                  active={s.enabled}
                  name={s.name}
                  words={ENABLE}
                  disabled={save.isPending}
                  onToggle={(enabled) => save.mutate({ id: s.id, enabled })}
                />
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={remove.isPending || s.match !== null}
                  onClick={() => setDeleting(s)}
                  aria-label={`Delete ${s.name}`}
                >
                  Delete
                </button>
              </span>
              {s.match && <MatchOnServer server={s} pool={query.data} />}
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          message={`${deleting.host}:${deleting.port} leaves the pool and no match is given it again; its agent token stops working. Register it anew to bring it back.`}
          confirmLabel="Yes, delete the server"
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onError: (err) => notify.error(errorMessage(err)),
              onSettled: () => setDeleting(null),
            })
          }
        />
      )}
      {token && (
        <p className="agent-token" role="status">
          Agent token for <strong>{token.name}</strong> (shown once; put it in the log agent&apos;s
          configuration): <code>{token.token}</code>
        </p>
      )}
      <form className="form" onSubmit={handleAdd} aria-label="Add a game server">
        <h3 className="section-title">Add a game server</h3>
        <FormField label="Name" name="name" required error={errors.name?.[0]} />
        <FormField label="Host" name="host" required error={errors.host?.[0]} />
        <FormField label="Port" name="port" type="number" defaultValue="28960" error={errors.port?.[0]} />
        <FormField
          label="Rcon password"
          name="rconPassword"
          type="password"
          required
          minLength={8}
          autoComplete="off"
          error={errors.rconPassword?.[0]}
        />
        <div className="field">
          <label className="field-label" htmlFor="game-server-location">
            Location
          </label>
          <select id="game-server-location" name="locationId" className="field-input" defaultValue="">
            <option value="">Any location</option>
            {locations.data?.map((l) => (
              <option key={l.id} value={l.id}>
                {l.city}, {l.country}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Add server
        </button>
      </form>
    </section>
  );
}
