import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormField } from '@/components/ui/form-field';
import type { FieldErrors } from '@/lib/api-error';
import { formText } from '@/lib/form-data';
import { useAdminMaps } from '../api/get-maps';
import {
  useAdminGames,
  useAdminLadders,
  useAdminMapPools,
  useAdminSoloQueues,
  useCreateSeason,
  useSaveGame,
  useSaveLadder,
  useSaveMapPool,
  useSaveSoloQueue,
} from '../api/competitions';
import type { AdminSoloQueue } from '@versus/common/api/admin';
import {
  changedFields,
  commonBody,
  CommonFields,
  formInt,
  handlers,
  NEW_COMPETITION,
  rulesSummary,
  SettingsEditor,
} from './competition-fields';
import { SelectField } from '@/components/ui/form-field';
import { ActiveToggle, OPEN } from './active-toggle';

/** Ladders: open or close each, edit their settings, create new ones. */
export function LaddersAdmin() {
  const query = useAdminLadders();
  const save = useSaveLadder();
  const [errors, setErrors] = useState<FieldErrors>({});
  const handleCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    save.mutate(
      commonBody(new FormData(form)),
      handlers(setErrors, 'The ladder was created.', () => form.reset()),
    );
  };
  return (
    <section className="card" aria-labelledby="admin-ladders">
      <h2 id="admin-ladders" className="section-title">
        Ladders
      </h2>
      <ul className="plain-list">
        {query.data?.map((l) => (
          <li key={l.id} className="admin-row">
            <span>
              <Link to={l.url}>{l.name}</Link>{' '}
              <span className="muted">
                {l.isActive ? 'open' : 'closed'}
                {l.archivedAt !== null && ' · archived'}
              </span>
            </span>
            <span className="admin-row-actions">
              {l.archivedAt === null && (
                <ActiveToggle
                  active={l.isActive}
                  name={l.name}
                  words={OPEN}
                  disabled={save.isPending}
                  onToggle={(isActive) => save.mutate({ id: l.id, isActive })}
                />
              )}
              <button
                type="button"
                className="button button-ghost button-small"
                disabled={save.isPending}
                onClick={() =>
                  save.mutate(
                    { id: l.id, archived: l.archivedAt === null },
                    handlers(
                      setErrors,
                      l.archivedAt === null ? 'The ladder was archived.' : 'The ladder is listed again.',
                    ),
                  )
                }
                aria-label={`${l.archivedAt === null ? 'Archive' : 'Unarchive'} ${l.name}`}
              >
                {l.archivedAt === null ? 'Archive' : 'Unarchive'}
              </button>
            </span>
            <SettingsEditor
              name={l.name}
              summary={rulesSummary(l)}
              pending={save.isPending}
              onSave={(data, callbacks) =>
                save.mutate({ id: l.id, ...changedFields(commonBody(data), l) }, callbacks)
              }
            >
              {(editErrors) => <CommonFields errors={editErrors} prefix="Ladder" current={l} />}
            </SettingsEditor>
          </li>
        ))}
      </ul>
      {query.data && query.data.length > 0 && <SeasonForm ladders={query.data} />}
      <form className="form" onSubmit={handleCreate} aria-label="Create a ladder">
        <h3 className="section-title">Create a ladder</h3>
        <CommonFields errors={errors} prefix="Ladder" current={{ ...NEW_COMPETITION, drawsAllowed: true }} />
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Create ladder
        </button>
      </form>
    </section>
  );
}

/** A ladder's next season: its start resets the ladder's ratings halfway and keeps the last table. */
function SeasonForm({ ladders }: { ladders: { id: number; name: string }[] }) {
  const create = useCreateSeason();
  const [errors, setErrors] = useState<FieldErrors>({});
  const handleCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const local = (name: string) => {
      const value = formText(data, name);
      return value ? new Date(value).toISOString() : '';
    };
    const endsAt = local('endsAt');
    create.mutate(
      {
        ladderId: formInt(data, 'ladderId') ?? 0,
        name: formText(data, 'name').trim(),
        startsAt: local('startsAt'),
        endsAt: endsAt || null,
      },
      handlers(setErrors, 'The season was added.', () => form.reset()),
    );
  };
  return (
    <form className="form" onSubmit={handleCreate} aria-label="Add a season">
      <h3 className="section-title">Add a season</h3>
      <SelectField label="Ladder" name="ladderId">
        {ladders.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </SelectField>
      <FormField label="Season name" name="name" required error={errors.name?.[0]} />
      <FormField
        label="Season starts"
        name="startsAt"
        type="datetime-local"
        step={1}
        required
        error={errors.startsAt?.[0]}
      />
      <FormField
        label="Season ends (optional)"
        name="endsAt"
        type="datetime-local"
        step={1}
        error={errors.endsAt?.[0]}
      />
      <button type="submit" className="button button-primary" disabled={create.isPending}>
        Add season
      </button>
    </form>
  );
}

type SoloQueueSettings = Pick<AdminSoloQueue, 'teamFormation' | 'bestOf' | 'pickTurnSeconds'> &
  typeof NEW_COMPETITION;

/** A solo-queue's own fields after the common ones: how teams form, best of, the pick clock. */
function SoloQueueFields({ errors, current }: { errors: FieldErrors; current: SoloQueueSettings }) {
  const e = (name: string) => errors[name]?.[0];
  return (
    <>
      <CommonFields errors={errors} prefix="Queue" current={current} />
      <SelectField
        label="Teams"
        name="teamFormation"
        defaultValue={current.teamFormation}
        error={e('teamFormation')}
      >
        <option value="draft">Captains draft (player select)</option>
        <option value="balanced">Balanced by rating (no draft)</option>
      </SelectField>
      <SelectField label="Best of" name="bestOf" defaultValue={String(current.bestOf)} error={e('bestOf')}>
        <option value="1">1</option>
        <option value="3">3</option>
        <option value="5">5</option>
      </SelectField>
      <FormField
        label="Pick turn seconds"
        name="pickTurnSeconds"
        type="number"
        min={5}
        max={600}
        defaultValue={current.pickTurnSeconds}
        error={e('pickTurnSeconds')}
      />
    </>
  );
}

function soloQueueBody(data: FormData) {
  return {
    ...commonBody(data),
    teamFormation:
      formText(data, 'teamFormation') === 'balanced' ? ('balanced' as const) : ('draft' as const),
    bestOf: formInt(data, 'bestOf') as 1 | 3 | 5 | undefined,
    pickTurnSeconds: formInt(data, 'pickTurnSeconds'),
  };
}

/** Solo-queues: open or close each, edit their settings, create new ones with their pick and vote clocks. */
export function SoloQueuesAdmin() {
  const query = useAdminSoloQueues();
  const save = useSaveSoloQueue();
  const [errors, setErrors] = useState<FieldErrors>({});
  const handleCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    save.mutate(
      soloQueueBody(new FormData(form)),
      handlers(setErrors, 'The solo-queue was created.', () => form.reset()),
    );
  };
  return (
    <section className="card" aria-labelledby="admin-solo-queues">
      <h2 id="admin-solo-queues" className="section-title">
        Solo-queues
      </h2>
      <ul className="plain-list">
        {query.data?.map((q) => (
          <li key={q.id} className="admin-row">
            <span>
              {q.name}{' '}
              <span className="muted">
                {q.isActive ? 'open' : 'closed'} ·{' '}
                {q.teamFormation === 'balanced' ? 'balanced teams' : 'captains draft'}
              </span>
            </span>
            <ActiveToggle
              active={q.isActive}
              name={q.name}
              words={OPEN}
              disabled={save.isPending}
              onToggle={(isActive) => save.mutate({ id: q.id, isActive })}
            />
            <SettingsEditor
              name={q.name}
              summary={rulesSummary(q)}
              pending={save.isPending}
              onSave={(data, callbacks) =>
                save.mutate({ id: q.id, ...changedFields(soloQueueBody(data), q) }, callbacks)
              }
            >
              {(editErrors) => <SoloQueueFields errors={editErrors} current={q} />}
            </SettingsEditor>
          </li>
        ))}
      </ul>
      <form className="form" onSubmit={handleCreate} aria-label="Create a solo-queue">
        <h3 className="section-title">Create a solo-queue</h3>
        <SoloQueueFields
          errors={errors}
          current={{ ...NEW_COMPETITION, teamFormation: 'draft', bestOf: 1, pickTurnSeconds: 30 }}
        />
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Create solo-queue
        </button>
      </form>
    </section>
  );
}

/** A map pool's fields, create and edit alike: its name and its maps (the active ones, and any it holds). */
function MapPoolFields({
  errors,
  current,
}: {
  errors: FieldErrors;
  current: { name: string; mapIds: number[] };
}) {
  const maps = useAdminMaps();
  return (
    <>
      <FormField
        label="Pool name"
        name="name"
        required
        defaultValue={current.name}
        error={errors.name?.[0]}
      />
      <fieldset className="field">
        <legend className="field-label">Maps</legend>
        {/* The pool's maps in its veto-grid order first, then the other active maps: saving keeps the order. */}
        {[
          ...current.mapIds.flatMap((id) => maps.data?.filter((m) => m.id === id) ?? []),
          ...(maps.data?.filter((m) => m.isActive && !current.mapIds.includes(m.id)) ?? []),
        ].map((m) => (
          <label key={m.id} className="field-check">
            <input
              type="checkbox"
              name="mapIds"
              value={m.id}
              defaultChecked={current.mapIds.includes(m.id)}
            />{' '}
            {m.name}
          </label>
        ))}
        {errors.mapIds?.[0] && <p className="field-error">{errors.mapIds[0]}</p>}
      </fieldset>
    </>
  );
}

const mapPoolBody = (data: FormData) => ({
  name: formText(data, 'name').trim(),
  mapIds: data.getAll('mapIds').map(Number),
});

/** Map pools: the maps of each (edited in place), and a new pool from the active maps. */
export function MapPoolsAdmin() {
  const pools = useAdminMapPools();
  const maps = useAdminMaps();
  const save = useSaveMapPool();
  const [errors, setErrors] = useState<FieldErrors>({});
  const nameOf = (id: number) => maps.data?.find((m) => m.id === id)?.name ?? `#${id}`;
  const handleCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    save.mutate(
      mapPoolBody(new FormData(form)),
      handlers(setErrors, 'The map pool was created.', () => form.reset()),
    );
  };
  return (
    <section className="card" aria-labelledby="admin-map-pools">
      <h2 id="admin-map-pools" className="section-title">
        Map pools
      </h2>
      <ul className="plain-list">
        {pools.data?.map((p) => (
          <li key={p.id} className="admin-row">
            <span>
              <strong>{p.name}</strong> <span className="muted">{p.mapIds.map(nameOf).join(', ')}</span>
            </span>
            <SettingsEditor
              name={p.name}
              title="Edit"
              pending={save.isPending}
              onSave={(data, callbacks) => {
                const body = mapPoolBody(data);
                const sameMaps = body.mapIds.join() === p.mapIds.join();
                save.mutate(
                  {
                    id: p.id,
                    ...(body.name === p.name ? {} : { name: body.name }),
                    ...(sameMaps ? {} : { mapIds: body.mapIds }),
                  },
                  callbacks,
                );
              }}
            >
              {(editErrors) => <MapPoolFields errors={editErrors} current={p} />}
            </SettingsEditor>
          </li>
        ))}
      </ul>
      <form className="form" onSubmit={handleCreate} aria-label="Create a map pool">
        <h3 className="section-title">Create a map pool</h3>
        <MapPoolFields errors={errors} current={{ name: '', mapIds: [] }} />
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Create map pool
        </button>
      </form>
    </section>
  );
}

interface GameValues {
  slug: string;
  name: string;
  maxMapScore: number;
  maxCaptainedTeams: number;
}

/** A game's fields, add and edit alike. */
function GameFields({ errors, current }: { errors: FieldErrors; current: GameValues }) {
  return (
    <>
      <FormField
        label="Slug (e.g. cod4)"
        name="slug"
        required
        defaultValue={current.slug}
        error={errors.slug?.[0]}
      />
      <FormField
        label="Game name"
        name="name"
        required
        defaultValue={current.name}
        error={errors.name?.[0]}
      />
      <FormField
        label="Highest map score"
        name="maxMapScore"
        type="number"
        min={1}
        max={1000}
        defaultValue={current.maxMapScore}
        error={errors.maxMapScore?.[0]}
      />
      <FormField
        label="Teams one player may captain"
        name="maxCaptainedTeams"
        type="number"
        min={1}
        max={100}
        defaultValue={current.maxCaptainedTeams}
        error={errors.maxCaptainedTeams?.[0]}
      />
    </>
  );
}

const gameBody = (data: FormData): GameValues => ({
  slug: formText(data, 'slug').trim(),
  name: formText(data, 'name').trim(),
  maxMapScore: formInt(data, 'maxMapScore') ?? 13,
  maxCaptainedTeams: formInt(data, 'maxCaptainedTeams') ?? 1,
});

/** Games: slug, name and the highest map score a team can enter; each edited in place. */
export function GamesAdmin() {
  const games = useAdminGames();
  const save = useSaveGame();
  const [errors, setErrors] = useState<FieldErrors>({});
  const handleCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    save.mutate(
      gameBody(new FormData(form)),
      handlers(setErrors, 'The game was added.', () => form.reset()),
    );
  };
  return (
    <section className="card" aria-labelledby="admin-games">
      <h2 id="admin-games" className="section-title">
        Games
      </h2>
      <ul className="plain-list">
        {games.data?.map((g) => (
          <li key={g.id} className="admin-row">
            <span>
              {g.name} <code>{g.slug}</code> <span className="muted">max map score {g.maxMapScore}</span>
            </span>
            <SettingsEditor
              name={g.name}
              title="Edit"
              pending={save.isPending}
              onSave={(data, callbacks) =>
                save.mutate({ id: g.id, ...changedFields(gameBody(data), g) }, callbacks)
              }
            >
              {(editErrors) => <GameFields errors={editErrors} current={g} />}
            </SettingsEditor>
          </li>
        ))}
      </ul>
      <form className="form" onSubmit={handleCreate} aria-label="Add a game">
        <h3 className="section-title">Add a game</h3>
        <GameFields errors={errors} current={{ slug: '', name: '', maxMapScore: 13, maxCaptainedTeams: 1 }} />
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Add game
        </button>
      </form>
    </section>
  );
}
