import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { TournamentFormat, TournamentInput } from '@versus/common/api/admin';
import { FormField } from '@/components/ui/form-field';
import type { FieldErrors } from '@/lib/api-error';
import { formText } from '@/lib/form-data';
import { useAdminMapPools, useAdminTournaments, useSaveTournament } from '../api/competitions';
import {
  CheckField,
  formInt,
  handlers,
  MatchRuleFields,
  PROMOD_MODES,
  RuleEditor,
  ruleBody,
  SelectField,
} from './competition-fields';
import { TournamentSeeds } from './tournament-seeds';

const FORMATS: { value: TournamentFormat; label: string }[] = [
  { value: 'single_elimination', label: 'Single elimination' },
  { value: 'double_elimination', label: 'Double elimination' },
  { value: 'round_robin', label: 'Round robin groups' },
  { value: 'swiss', label: 'Swiss' },
  { value: 'two_stage', label: 'Two stages: groups or Swiss, then playoffs' },
];

/** `datetime-local` value (local time) -> ISO 8601 with offset, as the API takes it. */
const isoFromLocal = (value: string) => (value ? new Date(value).toISOString() : '');

/** Tournaments: the list (with the public page and cancelling an upcoming one) and the create form. */
export function TournamentsAdmin() {
  const query = useAdminTournaments();
  const pools = useAdminMapPools();
  const save = useSaveTournament();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [format, setFormat] = useState<TournamentFormat>('single_elimination');
  const [seeding, setSeeding] = useState<number | null>(null);

  const handleCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const deadline = formText(data, 'signupDeadline');
    const body: TournamentInput = {
      name: formText(data, 'name').trim(),
      format,
      mapPoolId: formInt(data, 'mapPoolId') ?? 0,
      teamSize: formInt(data, 'teamSize') ?? 5,
      startDate: isoFromLocal(formText(data, 'startDate')),
      signupDeadline: deadline ? isoFromLocal(deadline) : null,
      maxTeams: formInt(data, 'maxTeams'),
      bestOf: formInt(data, 'bestOf') as 1 | 3 | 5 | undefined,
      finalBestOf: formInt(data, 'finalBestOf') as 1 | 3 | 5 | undefined,
      checkInMinutes: formInt(data, 'checkInMinutes'),
      readyCheckMinutes: formInt(data, 'readyCheckMinutes'),
      roundIntervalMinutes: formInt(data, 'roundIntervalMinutes'),
      vetoTurnSeconds: formInt(data, 'vetoTurnSeconds'),
      promodMode: formText(data, 'promodMode') as (typeof PROMOD_MODES)[number],
      seeding: formText(data, 'seeding') === 'manual' ? 'manual' : 'rating',
      thirdPlaceMatch: data.get('thirdPlaceMatch') === 'on',
      grandFinalReset: data.get('grandFinalReset') === 'on',
      groupCount: formInt(data, 'groupCount'),
      swissRounds: formInt(data, 'swissRounds') ?? null,
      groupStage: formText(data, 'groupStage') === 'swiss' ? 'swiss' : 'round_robin',
      playoffTeams: formInt(data, 'playoffTeams'),
      ...ruleBody(data),
    };
    save.mutate(
      body,
      handlers(setErrors, 'The tournament was created.', () => form.reset()),
    );
  };

  const showGroups = format === 'round_robin' || format === 'two_stage';
  const e = (name: string) => errors[name]?.[0];
  return (
    <section className="card" aria-labelledby="admin-tournaments">
      <h2 id="admin-tournaments" className="section-title">
        Tournaments
      </h2>
      {query.isSuccess && (
        <ul className="plain-list">
          {query.data.map((t) => (
            <li key={t.id} className="admin-row">
              <span>
                <Link to={t.url}>{t.name}</Link>{' '}
                <span className="muted">
                  {FORMATS.find((f) => f.value === t.format)?.label} · {t.status} · {t.startDate.slice(0, 16)}
                </span>
              </span>
              {t.status === 'upcoming' && (
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={save.isPending}
                  onClick={() =>
                    save.mutate(
                      { id: t.id, status: 'cancelled' },
                      handlers(setErrors, 'The tournament was cancelled.'),
                    )
                  }
                  aria-label={`Cancel ${t.name}`}
                >
                  Cancel
                </button>
              )}
              {t.status === 'upcoming' && t.seeding === 'manual' && (
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-expanded={seeding === t.id}
                  onClick={() => setSeeding(seeding === t.id ? null : t.id)}
                  aria-label={`Seeds of ${t.name}`}
                >
                  Seeds
                </button>
              )}
              <RuleEditor
                name={t.name}
                current={t}
                pending={save.isPending}
                onSave={(rules, callbacks) => save.mutate({ id: t.id, ...rules }, callbacks)}
              />
              {seeding === t.id && <TournamentSeeds tournament={t} />}
            </li>
          ))}
        </ul>
      )}
      <form className="form form-grid" onSubmit={handleCreate} aria-label="Create a tournament">
        <h3 className="section-title">Create a tournament</h3>
        <FormField label="Name" name="name" required error={e('name')} />
        <SelectField
          label="Format"
          name="format"
          value={format}
          onChange={(ev) => setFormat(ev.target.value as TournamentFormat)}
          error={e('format')}
        >
          {FORMATS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </SelectField>
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
        <MatchRuleFields
          errors={errors}
          current={{
            drawsAllowed: false,
            locationRule: 'vote',
            fixedLocationId: null,
            locationVoteSeconds: 60,
          }}
        />
        <FormField
          label="Start"
          name="startDate"
          type="datetime-local"
          step={1}
          required
          error={e('startDate')}
        />
        <FormField
          label="Sign-up deadline (empty: the start)"
          name="signupDeadline"
          type="datetime-local"
          step={1}
          error={e('signupDeadline')}
        />
        <FormField
          label="Most teams"
          name="maxTeams"
          type="number"
          min={2}
          max={256}
          defaultValue={16}
          error={e('maxTeams')}
        />
        <FormField
          label="Check-in minutes before the start (0: none)"
          name="checkInMinutes"
          type="number"
          min={0}
          max={1440}
          defaultValue={0}
          error={e('checkInMinutes')}
        />
        <FormField
          label="Ready check minutes"
          name="readyCheckMinutes"
          type="number"
          min={1}
          max={120}
          defaultValue={10}
          error={e('readyCheckMinutes')}
        />
        <FormField
          label="Minutes between rounds"
          name="roundIntervalMinutes"
          type="number"
          min={5}
          max={10080}
          defaultValue={60}
          error={e('roundIntervalMinutes')}
        />
        <SelectField label="Best of" name="bestOf" defaultValue="1" error={e('bestOf')}>
          <option value="1">1</option>
          <option value="3">3</option>
          <option value="5">5</option>
        </SelectField>
        <SelectField label="Final best of" name="finalBestOf" defaultValue="3" error={e('finalBestOf')}>
          <option value="1">1</option>
          <option value="3">3</option>
          <option value="5">5</option>
        </SelectField>
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
        <SelectField label="Seeding" name="seeding" error={e('seeding')}>
          <option value="rating">By team rating</option>
          <option value="manual">By hand (then by rating)</option>
        </SelectField>
        {(format === 'single_elimination' || format === 'two_stage') && (
          <CheckField label="Third-place match" name="thirdPlaceMatch" />
        )}
        {format === 'double_elimination' && (
          <CheckField label="Grand final reset" name="grandFinalReset" defaultChecked />
        )}
        {format === 'two_stage' && (
          <SelectField label="First stage" name="groupStage" error={e('groupStage')}>
            <option value="round_robin">Round robin groups</option>
            <option value="swiss">Swiss</option>
          </SelectField>
        )}
        {showGroups && (
          <FormField
            label="Groups"
            name="groupCount"
            type="number"
            min={1}
            max={32}
            defaultValue={format === 'two_stage' ? 4 : 1}
            error={e('groupCount')}
          />
        )}
        {(format === 'swiss' || format === 'two_stage') && (
          <FormField
            label="Swiss rounds (empty: enough for one unbeaten team)"
            name="swissRounds"
            type="number"
            min={1}
            max={15}
            error={e('swissRounds')}
          />
        )}
        {format === 'two_stage' && (
          <FormField
            label="Teams in the playoffs"
            name="playoffTeams"
            type="number"
            min={2}
            max={64}
            defaultValue={8}
            error={e('playoffTeams')}
          />
        )}
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Create tournament
        </button>
      </form>
    </section>
  );
}
