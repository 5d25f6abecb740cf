import { useState } from 'react';
import { Pager } from '@/components/ui/pager';
import { errorMessage } from '@/lib/api-error';
import { useMatchPlayers } from '../../api/players';
import { useRequestServerScreenshots } from '../../api/server-screenshots';
import { useScreenshots } from '../../api/screenshots';

/** `canAskServer`: admins, and the match's captains while it is live, may ask the game server for shots. */
export function ScreenshotsBody({
  matchId,
  canAskServer = false,
}: {
  matchId: number;
  canAskServer?: boolean;
}) {
  const [page, setPage] = useState(1);
  const shots = useScreenshots(matchId, page);
  const ask = useRequestServerScreenshots(matchId);
  const players = useMatchPlayers(matchId, canAskServer);
  const [target, setTarget] = useState<'all' | number>('all');
  const roster = players.data ? [...players.data.challenger, ...players.data.opponent] : [];
  return (
    <>
      <button
        type="button"
        className="button button-ghost button-small"
        disabled={shots.isFetching}
        onClick={() => void shots.refetch()}
      >
        Refresh Screenshots
      </button>
      {canAskServer && (
        <span className="server-shot">
          <label htmlFor={`server-shot-of-${matchId}`}>Of</label>
          <select
            id={`server-shot-of-${matchId}`}
            value={String(target)}
            onChange={(e) => setTarget(e.target.value === 'all' ? 'all' : Number(e.target.value))}
          >
            <option value="all">All players</option>
            {roster.map((p) => (
              <option key={p.id} value={p.id}>
                {p.username}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={ask.isPending}
            onClick={() => ask.mutate(target)}
          >
            Take server screenshots
          </button>
        </span>
      )}
      {shots.isError ? (
        <p role="alert">{errorMessage(shots.error)}</p>
      ) : !shots.data ? (
        <p className="muted">Loading ...</p>
      ) : shots.data.data.length === 0 ? (
        <p>{"There aren't any screenshots for this match!"}</p>
      ) : (
        <ul className="screenshot-grid">
          {shots.data.data.map((s) => {
            const caption = [s.username, s.inGameName].filter(Boolean).join(' - ');
            return (
              <li key={s.id}>
                <figure>
                  <a href={s.url} target="_blank" rel="noopener noreferrer" title={caption}>
                    <img src={s.url} alt={`Screenshot of ${caption || 'a player'}`} loading="lazy" />
                  </a>
                  <figcaption title={caption}>
                    {caption}
                    {s.takenByServer && <span className="status-badge">Taken by the server</span>}
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      )}
      <Pager
        page={page}
        lastPage={shots.data?.meta.last_page ?? 1}
        onPage={setPage}
        label="Screenshots pages"
      />
    </>
  );
}
