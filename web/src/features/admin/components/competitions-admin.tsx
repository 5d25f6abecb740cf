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
import {
  formInt,
  handlers,
  MatchRuleFields,
  PROMOD_MODES,
  RuleEditor,
  ruleBody,
  SelectField,
} from './competition-fields';

/** The fields every competition form shares: pool, team size, veto clock, promod mode, windows. */
function CommonFields({ errors, prefix }: { errors: FieldErrors; prefix: string }) {
  const pools = useAdminMapPools();
  const e = (name: string) => errors[name]?.[0];
  return (
    <>
      <FormField label={`${prefix} name`} name="name" required error={e('name')} />
      <SelectField label="Map pool" name="mapPoolId" error={e('mapPoolId')}>
        {pools.data?.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({p.mapIds.length} maps)
          </option>
        ))}
      </SelectField>
      <FormField
        label="Players per team"
        name="teamSize"
        type="number"
        min={1}
        max={16}
        defaultValue={5}
        error={e('teamSize')}
      />
      <FormField
        label="Veto turn seconds"
        name="vetoTurnSeconds"
        type="number"
        min={5}
        max={600}
        defaultValue={30}
        error={e('vetoTurnSeconds')}
      />
      <SelectField label="Promod mode" name="promodMode" error={e('promodMode')}>
        {PROMOD_MODES.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </SelectField>
      <FormField
        label="Score approval seconds (empty: platform default)"
        name="scoreApprovalSeconds"
        type="number"
        min={60}
        error={e('scoreApprovalSeconds')}
      />
      <FormField
        label="Dispute window seconds (empty: platform default)"
        name="disputeWindowSeconds"
        type="number"
        min={0}
        error={e('disputeWindowSeconds')}
      />
    </>
  );
}

function commonBody(data: FormData) {
  return {
    name: formText(data, 'name').trim(),
    mapPoolId: formInt(data, 'mapPoolId') ?? 0,
    teamSize: formInt(data, 'teamSize') ?? 5,
    vetoTurnSeconds: formInt(data, 'vetoTurnSeconds'),
    promodMode: formText(data, 'promodMode') as (typeof PROMOD_MODES)[number],
    scoreApprovalSeconds: formInt(data, 'scoreApprovalSeconds') ?? null,
    disputeWindowSeconds: formInt(data, 'disputeWindowSeconds') ?? null,
  };
}

/** Ladders: open or close each, create new ones. */
export function LaddersAdmin() {
  const query = useAdminLadders();
  const save = useSaveLadder();
  const [errors, setErrors] = useState<FieldErrors>({});
  const handleCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    save.mutate(
      { ...commonBody(data), ...ruleBody(data) },
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
              <Link to={l.url}>{l.name}</Link> <span className="muted">{l.isActive ? 'open' : 'closed'}</span>
            </span>
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={save.isPending}
              onClick={() => save.mutate({ id: l.id, isActive: !l.isActive })}
              aria-label={`${l.isActive ? 'Close' : 'Open'} ${l.name}`}
            >
              {l.isActive ? 'Close' : 'Open'}
            </button>
            <RuleEditor
              name={l.name}
              current={l}
              pending={save.isPending}
              onSave={(rules, callbacks) => save.mutate({ id: l.id, ...rules }, callbacks)}
            />
          </li>
        ))}
      </ul>
      {query.data && query.data.length > 0 && <SeasonForm ladders={query.data} />}
      <form className="form" onSubmit={handleCreate} aria-label="Create a ladder">
        <CommonFields errors={errors} prefix="Ladder" />
        <MatchRuleFields
          errors={errors}
          current={{
            drawsAllowed: true,
            locationRule: 'vote',
            fixedLocationId: null,
            locationVoteSeconds: 60,
          }}
        />
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

/** Solo-queues: open or close each, create new ones with their pick and vote clocks. */
export function SoloQueuesAdmin() {
  const query = useAdminSoloQueues();
  const save = useSaveSoloQueue();
  const [errors, setErrors] = useState<FieldErrors>({});
  const handleCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    save.mutate(
      {
        ...commonBody(data),
        ...ruleBody(data),
        teamFormation: formText(data, 'teamFormation') === 'balanced' ? 'balanced' : 'draft',
        bestOf: formInt(data, 'bestOf') as 1 | 3 | 5 | undefined,
        pickTurnSeconds: formInt(data, 'pickTurnSeconds'),
      },
      handlers(setErrors, 'The solo-queue was created.', () => form.reset()),
    );
  };
  const e = (name: string) => errors[name]?.[0];
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
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={save.isPending}
              onClick={() => save.mutate({ id: q.id, isActive: !q.isActive })}
              aria-label={`${q.isActive ? 'Close' : 'Open'} ${q.name}`}
            >
              {q.isActive ? 'Close' : 'Open'}
            </button>
            <RuleEditor
              name={q.name}
              current={q}
              pending={save.isPending}
              onSave={(rules, callbacks) => save.mutate({ id: q.id, ...rules }, callbacks)}
            />
          </li>
        ))}
      </ul>
      <form className="form" onSubmit={handleCreate} aria-label="Create a solo-queue">
        <CommonFields errors={errors} prefix="Queue" />
        <MatchRuleFields
          errors={errors}
          current={{
            drawsAllowed: false,
            locationRule: 'vote',
            fixedLocationId: null,
            locationVoteSeconds: 60,
          }}
        />
        <SelectField label="Teams" name="teamFormation" defaultValue="draft" error={e('teamFormation')}>
          <option value="draft">Captains draft (player select)</option>
          <option value="balanced">Balanced by rating (no draft)</option>
        </SelectField>
        <SelectField label="Best of" name="bestOf" defaultValue="1" error={e('bestOf')}>
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
          defaultValue={30}
          error={e('pickTurnSeconds')}
        />
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Create solo-queue
        </button>
      </form>
    </section>
  );
}

/** Map pools: the maps of each, and a new pool from the active maps (in the order ticked). */
export function MapPoolsAdmin() {
  const pools = useAdminMapPools();
  const maps = useAdminMaps();
  const save = useSaveMapPool();
  const [errors, setErrors] = useState<FieldErrors>({});
  const nameOf = (id: number) => maps.data?.find((m) => m.id === id)?.name ?? `#${id}`;
  const handleCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    save.mutate(
      { name: formText(data, 'name').trim(), mapIds: data.getAll('mapIds').map(Number) },
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
          <li key={p.id}>
            <strong>{p.name}</strong> <span className="muted">{p.mapIds.map(nameOf).join(', ')}</span>
          </li>
        ))}
      </ul>
      <form className="form" onSubmit={handleCreate} aria-label="Create a map pool">
        <FormField label="Pool name" name="name" required error={errors.name?.[0]} />
        <fieldset className="field">
          <legend className="field-label">Maps</legend>
          {maps.data
            ?.filter((m) => m.isActive)
            .map((m) => (
              <label key={m.id} className="field-check">
                <input type="checkbox" name="mapIds" value={m.id} /> {m.name}
              </label>
            ))}
          {errors.mapIds?.[0] && <p className="field-error">{errors.mapIds[0]}</p>}
        </fieldset>
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Create map pool
        </button>
      </form>
    </section>
  );
}

/** Games: slug, name and the highest map score a team can enter. */
export function GamesAdmin() {
  const games = useAdminGames();
  const save = useSaveGame();
  const [errors, setErrors] = useState<FieldErrors>({});
  const handleCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    save.mutate(
      {
        slug: formText(data, 'slug').trim(),
        name: formText(data, 'name').trim(),
        maxMapScore: formInt(data, 'maxMapScore') ?? 13,
      },
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
          <li key={g.id}>
            {g.name} <code>{g.slug}</code> <span className="muted">max map score {g.maxMapScore}</span>
          </li>
        ))}
      </ul>
      <form className="form" onSubmit={handleCreate} aria-label="Add a game">
        <FormField label="Slug (e.g. cod4)" name="slug" required error={errors.slug?.[0]} />
        <FormField label="Game name" name="name" required error={errors.name?.[0]} />
        <FormField
          label="Highest map score"
          name="maxMapScore"
          type="number"
          min={1}
          max={1000}
          defaultValue={13}
          error={errors.maxMapScore?.[0]}
        />
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Add game
        </button>
      </form>
    </section>
  );
}
