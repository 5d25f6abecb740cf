import { useState } from 'react';
import { FormError } from '@/components/ui/form-error';
import { notify } from '@/lib/notify';
import type { MapPoolPreferences } from '@versus/common/api/teams';
import { useMapPreferences, useSaveMapPreferences } from '../api/map-preferences';

/**
 * The team's map preferences per map pool: the maps to ban first and to pick first, in order. When one of
 * the team's veto turns runs out, the system follows them (else it draws by the system).
 */
export function MapPreferences({ slug }: { slug: string }) {
  const query = useMapPreferences(slug);
  if (!query.data || query.data.pools.length === 0) return null;
  return (
    <section className="card" aria-labelledby="team-map-preferences">
      <h2 id="team-map-preferences" className="section-title">
        Map preferences
      </h2>
      <p className="muted">When a veto turn of the team times out, the first map still available is used.</p>
      {query.data.pools.map((pool) => (
        <PoolPreferences key={pool.mapPoolId} slug={slug} pool={pool} canEdit={query.data.canEdit} />
      ))}
    </section>
  );
}

function PoolPreferences({
  slug,
  pool,
  canEdit,
}: {
  slug: string;
  pool: MapPoolPreferences;
  canEdit: boolean;
}) {
  const save = useSaveMapPreferences(slug);
  const [draft, setDraft] = useState<{ ban: number[]; pick: number[] } | null>(null);
  const current = draft ?? { ban: pool.ban, pick: pool.pick };
  const nameOf = (id: number) => pool.maps.find((m) => m.id === id)?.name ?? String(id);
  const add = (list: 'ban' | 'pick', id: number) => {
    const other = list === 'ban' ? 'pick' : 'ban';
    setDraft({
      [list]: [...current[list].filter((m) => m !== id), id],
      [other]: current[other].filter((m) => m !== id),
    } as { ban: number[]; pick: number[] });
  };
  const onSave = () =>
    save.mutate(
      { mapPoolId: pool.mapPoolId, ...current },
      {
        onSuccess: (message) => {
          notify.success(message);
          setDraft(null);
        },
      },
    );
  return (
    <div className="map-preferences" role="group" aria-label={`Map preferences for ${pool.name}`}>
      <h3>
        {pool.name} <span className="muted">({pool.competitions.join(', ')})</span>
      </h3>
      <p>
        Ban first: {current.ban.length === 0 ? 'none (the system draws)' : current.ban.map(nameOf).join(', ')}
      </p>
      <p>
        Pick first:{' '}
        {current.pick.length === 0 ? 'none (the system draws)' : current.pick.map(nameOf).join(', ')}
      </p>
      {canEdit && (
        <>
          <ul className="map-preference-maps">
            {pool.maps.map((m) => (
              <li key={m.id}>
                {m.name}{' '}
                <button
                  type="button"
                  className="button button-ghost button-small"
                  onClick={() => add('ban', m.id)}
                >
                  Ban {m.name}
                </button>{' '}
                <button
                  type="button"
                  className="button button-ghost button-small"
                  onClick={() => add('pick', m.id)}
                >
                  Pick {m.name}
                </button>
              </li>
            ))}
          </ul>
          <FormError error={save.error} />
          <div className="button-row">
            <button
              type="button"
              className="button button-primary"
              onClick={onSave}
              disabled={save.isPending}
            >
              Save map preferences
            </button>
            <button
              type="button"
              className="button button-ghost"
              onClick={() => setDraft({ ban: [], pick: [] })}
            >
              Clear
            </button>
          </div>
        </>
      )}
    </div>
  );
}
