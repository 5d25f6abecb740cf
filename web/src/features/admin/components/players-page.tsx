import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { IdentityConflict } from '@versus/common/api/game-servers';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { RelativeTime } from '@/components/ui/local-time';
import { SafeHtml } from '@/components/ui/safe-html';
import { errorMessage, fieldErrors, unshownFieldMessages, type FieldErrors } from '@/lib/api-error';
import { formText } from '@/lib/form-data';
import { notify } from '@/lib/notify';
import { useAdminGames } from '../api/competitions';
import { findUserId, useBindPlayerId, useIdentityConflicts, type BindPlayerIdInput } from '../api/player-ids';
import { AdminQueryState } from './admin-query-state';
import { SelectField } from '@/components/ui/form-field';

/** Refused claims: who tried to use which id, who holds it, in which match. */
function ConflictList({ onBind }: { onBind: (conflict: IdentityConflict) => void }) {
  const query = useIdentityConflicts();
  if (!query.isSuccess) return <AdminQueryState error={query.error} what="The refused claims" />;
  if (query.data.length === 0) return <p className="muted">No player id claim was refused.</p>;
  return (
    <ul className="plain-list admin-list" aria-label="Refused player id claims">
      {query.data.map((c) => (
        <li key={c.id} className="admin-row">
          <span className="admin-row-main">
            <SafeHtml html={c.message} />
            <span className="muted">
              {' '}
              · held by {c.owner?.username ?? 'another player of the match'}
              {c.matchUrl && (
                <>
                  {' '}
                  · match <Link to={c.matchUrl}>#{c.matchId}</Link>
                </>
              )}{' '}
              · <RelativeTime iso={c.createdAt} />
            </span>
          </span>
          {c.claimant.username && (
            <button type="button" className="button button-ghost button-small" onClick={() => onBind(c)}>
              Bind to {c.claimant.username}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

type Binding = BindPlayerIdInput & { username: string; gameName: string };

/**
 * `/admin/players`: the player id claims the game servers refused (an id another account holds), and the
 * form that binds an id to an account for a game, moving it from any other account, after a confirmation.
 */
export function PlayersPage() {
  const games = useAdminGames();
  const bind = useBindPlayerId();
  const formRef = useRef<HTMLFormElement>(null);
  const [username, setUsername] = useState('');
  const [playerId, setPlayerId] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [looking, setLooking] = useState(false);
  const [asking, setAsking] = useState<Binding | null>(null);

  const handleFill = (conflict: IdentityConflict) => {
    setUsername(conflict.claimant.username ?? '');
    setPlayerId(conflict.playerId);
    setErrors({});
    // Focus scrolls the form into view; the game is the one thing left to choose.
    formRef.current?.querySelector<HTMLSelectElement>('select')?.focus();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const gameSlug = formText(new FormData(event.currentTarget), 'game');
    const name = username.trim();
    if (name === '') {
      setErrors({ username: ['The username field is required.'] });
      return;
    }
    setLooking(true);
    try {
      const userId = await findUserId(name);
      if (userId === null) {
        setErrors({ username: [`No player is called ${name}.`] });
        return;
      }
      setErrors({});
      const gameName = games.data?.find((g) => g.slug === gameSlug)?.name ?? gameSlug;
      setAsking({ userId, username: name, gameSlug, gameName, playerId: playerId.trim() });
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setLooking(false);
    }
  };

  const handleConfirm = () => {
    if (!asking) return;
    bind.mutate(asking, {
      onSuccess: () => {
        notify.success(`${asking.playerId} is bound to ${asking.username} for ${asking.gameName}.`);
        setUsername('');
        setPlayerId('');
      },
      onError: (err) => {
        const fields = fieldErrors(err);
        if (fields) {
          setErrors(fields);
          for (const message of unshownFieldMessages(fields)) notify.error(message);
        } else notify.error(errorMessage(err));
      },
      onSettled: () => setAsking(null),
    });
  };

  return (
    <>
      <h1>Players</h1>
      <section className="card" aria-labelledby="admin-conflicts">
        <h2 id="admin-conflicts" className="section-title">
          Refused player id claims
        </h2>
        <p className="muted">
          A game server refuses a player whose id another account holds; the newest hundred are listed.
        </p>
        <ConflictList onBind={handleFill} />
      </section>
      <section className="card" aria-labelledby="admin-bind">
        <h2 id="admin-bind" className="section-title">
          Bind a player id
        </h2>
        <form
          ref={formRef}
          className="form"
          aria-labelledby="admin-bind"
          onSubmit={(event) => void handleSubmit(event)}
        >
          <FormField
            label="Username"
            name="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={errors.username?.[0]}
          />
          <SelectField label="Game" name="game">
            {games.data?.map((g) => (
              <option key={g.id} value={g.slug}>
                {g.name}
              </option>
            ))}
          </SelectField>
          <FormField
            label="Player id"
            name="playerId"
            required
            value={playerId}
            onChange={(e) => setPlayerId(e.target.value)}
            error={errors.playerId?.[0]}
          />
          <button type="submit" className="button button-primary" disabled={looking || bind.isPending}>
            Bind player id
          </button>
        </form>
      </section>
      {asking && (
        <ConfirmDialog
          title={`Bind ${asking.playerId} to ${asking.username}?`}
          message={`${asking.username} is known by this id in ${asking.gameName} from now on. If another account holds it, it is taken from that account.`}
          confirmLabel="Yes, bind it"
          tone="primary"
          busy={bind.isPending}
          onConfirm={handleConfirm}
          onCancel={() => setAsking(null)}
        />
      )}
    </>
  );
}
