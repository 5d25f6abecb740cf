import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { AdminTournament, TournamentFormat, TournamentInput } from '@versus/common/api/admin';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { LocalTime } from '@/components/ui/local-time';
import type { FieldErrors } from '@/lib/api-error';
import { formText } from '@/lib/form-data';
import { useAdminTournaments, useSaveTournament } from '../api/competitions';
import {
  changedFields,
  CheckField,
  commonBody,
  CommonFields,
  formInt,
  handlers,
  isoFromLocal,
  localFromIso,
  NEW_COMPETITION,
  rulesSummary,
  SettingsEditor,
} from './competition-fields';
import { SelectField } from '@/components/ui/form-field';
import { TournamentRoundWindows } from './tournament-round-windows';
import { TournamentSeeds } from './tournament-seeds';

const FORMATS: { value: TournamentFormat; label: string }[] = [
  { value: 'single_elimination', label: 'Single elimination' },
  { value: 'double_elimination', label: 'Double elimination' },
  { value: 'round_robin', label: 'Round robin groups' },
  { value: 'swiss', label: 'Swiss' },
  { value: 'two_stage', label: 'Two stages: groups or Swiss, then playoffs' },
];

type TournamentSettings = typeof NEW_COMPETITION &
  Omit<
    AdminTournament,
    keyof typeof NEW_COMPETITION | 'id' | 'slug' | 'url' | 'gameId' | 'createdAt' | 'status' | 'archivedAt'
  >;

const NEW_TOURNAMENT: TournamentSettings = {
  ...NEW_COMPETITION,
  description: null,
  format: 'single_elimination',
  maxTeams: 16,
  startDate: '',
  signupDeadline: null,
  bestOf: 1,
  finalBestOf: 3,
  roundIntervalMinutes: 60,
  readyCheckMinutes: 10,
  checkInMinutes: 0,
  seeding: 'rating',
  thirdPlaceMatch: false,
  grandFinalReset: true,
  groupCount: 1,
  swissRounds: null,
  groupStage: 'round_robin',
  playoffTeams: 8,
};

/** A tournament's fields, create and edit alike; the format decides which bracket fields show. */
function TournamentFields({ errors, current }: { errors: FieldErrors; current: TournamentSettings }) {
  const [format, setFormat] = useState<TournamentFormat>(current.format);
  const showGroups = format === 'round_robin' || format === 'two_stage';
  const e = (name: string) => errors[name]?.[0];
  const bestOfOptions = ['1', '3', '5'].map((n) => (
    <option key={n} value={n}>
      {n}
    </option>
  ));
  return (
    <>
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
      <CommonFields errors={errors} prefix="" current={current} />
      <FormField
        label="Start"
        name="startDate"
        type="datetime-local"
        step={1}
        required
        defaultValue={localFromIso(current.startDate)}
        error={e('startDate')}
      />
      <FormField
        label="Sign-up deadline (empty: the start)"
        name="signupDeadline"
        type="datetime-local"
        step={1}
        defaultValue={localFromIso(current.signupDeadline)}
        error={e('signupDeadline')}
      />
      <FormField
        label="Most teams"
        name="maxTeams"
        type="number"
        min={2}
        max={256}
        defaultValue={current.maxTeams}
        error={e('maxTeams')}
      />
      <FormField
        label="Check-in minutes before the start (0: none)"
        name="checkInMinutes"
        type="number"
        min={0}
        max={1440}
        defaultValue={current.checkInMinutes}
        error={e('checkInMinutes')}
      />
      <FormField
        label="Ready check minutes"
        name="readyCheckMinutes"
        type="number"
        min={1}
        max={120}
        defaultValue={current.readyCheckMinutes}
        error={e('readyCheckMinutes')}
      />
      <FormField
        label="Minutes between rounds"
        name="roundIntervalMinutes"
        type="number"
        min={5}
        max={10080}
        defaultValue={current.roundIntervalMinutes}
        error={e('roundIntervalMinutes')}
      />
      <SelectField label="Best of" name="bestOf" defaultValue={String(current.bestOf)} error={e('bestOf')}>
        {bestOfOptions}
      </SelectField>
      <SelectField
        label="Final best of"
        name="finalBestOf"
        defaultValue={String(current.finalBestOf)}
        error={e('finalBestOf')}
      >
        {bestOfOptions}
      </SelectField>
      <SelectField label="Seeding" name="seeding" defaultValue={current.seeding} error={e('seeding')}>
        <option value="rating">By team rating</option>
        <option value="manual">By hand (then by rating)</option>
      </SelectField>
      {(format === 'single_elimination' || format === 'two_stage') && (
        <CheckField
          label="Third-place match"
          name="thirdPlaceMatch"
          defaultChecked={current.thirdPlaceMatch}
        />
      )}
      {format === 'double_elimination' && (
        <CheckField
          label="Grand final reset"
          name="grandFinalReset"
          defaultChecked={current.grandFinalReset}
        />
      )}
      {format === 'two_stage' && (
        <SelectField
          label="First stage"
          name="groupStage"
          defaultValue={current.groupStage}
          error={e('groupStage')}
        >
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
          defaultValue={format === 'two_stage' && current.groupCount === 1 ? 4 : current.groupCount}
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
          defaultValue={current.swissRounds ?? ''}
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
          defaultValue={current.playoffTeams}
          error={e('playoffTeams')}
        />
      )}
    </>
  );
}

/** The tournament body of a submitted `TournamentFields` form. */
function tournamentBody(data: FormData): TournamentInput {
  const deadline = formText(data, 'signupDeadline');
  const format = formText(data, 'format') as TournamentFormat;
  return {
    ...commonBody(data),
    format,
    startDate: isoFromLocal(formText(data, 'startDate')),
    signupDeadline: deadline ? isoFromLocal(deadline) : null,
    maxTeams: formInt(data, 'maxTeams'),
    bestOf: formInt(data, 'bestOf') as 1 | 3 | 5 | undefined,
    finalBestOf: formInt(data, 'finalBestOf') as 1 | 3 | 5 | undefined,
    checkInMinutes: formInt(data, 'checkInMinutes'),
    readyCheckMinutes: formInt(data, 'readyCheckMinutes'),
    roundIntervalMinutes: formInt(data, 'roundIntervalMinutes'),
    seeding: formText(data, 'seeding') === 'manual' ? 'manual' : 'rating',
    // Fields the format hides are left as they are.
    ...(data.has('thirdPlaceMatch') || format === 'single_elimination' || format === 'two_stage'
      ? { thirdPlaceMatch: data.get('thirdPlaceMatch') === 'on' }
      : {}),
    ...(format === 'double_elimination' ? { grandFinalReset: data.get('grandFinalReset') === 'on' } : {}),
    ...(data.has('groupCount') ? { groupCount: formInt(data, 'groupCount') } : {}),
    ...(data.has('swissRounds') ? { swissRounds: formInt(data, 'swissRounds') ?? null } : {}),
    ...(format === 'two_stage'
      ? {
          groupStage:
            formText(data, 'groupStage') === 'swiss' ? ('swiss' as const) : ('round_robin' as const),
          playoffTeams: formInt(data, 'playoffTeams'),
        }
      : {}),
  };
}

/**
 * Tournaments: the list (the public page, cancelling an upcoming one, hand seeding, its settings) and the
 * create form.
 */
export function TournamentsAdmin() {
  const query = useAdminTournaments();
  const save = useSaveTournament();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [seeding, setSeeding] = useState<number | null>(null);
  const [windowing, setWindowing] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<AdminTournament | null>(null);

  const handleCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    save.mutate(
      tournamentBody(new FormData(form)),
      handlers(setErrors, 'The tournament was created.', () => form.reset()),
    );
  };

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
                  {FORMATS.find((f) => f.value === t.format)?.label} · {t.status} ·{' '}
                  <LocalTime iso={t.startDate} style="dateTime" />
                  {t.archivedAt !== null && ' · archived'}
                </span>
              </span>
              {t.status === 'upcoming' && (
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={save.isPending}
                  onClick={() => setCancelling(t)}
                  aria-label={`Cancel ${t.name}`}
                >
                  Cancel
                </button>
              )}
              {(t.status === 'finished' || t.status === 'cancelled') && (
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={save.isPending}
                  onClick={() =>
                    save.mutate(
                      { id: t.id, archived: t.archivedAt === null },
                      handlers(
                        setErrors,
                        t.archivedAt === null
                          ? 'The tournament was archived.'
                          : 'The tournament is listed again.',
                      ),
                    )
                  }
                  aria-label={`${t.archivedAt === null ? 'Archive' : 'Unarchive'} ${t.name}`}
                >
                  {t.archivedAt === null ? 'Archive' : 'Unarchive'}
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
              {(t.status === 'upcoming' || t.status === 'running') && (
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-expanded={windowing === t.id}
                  onClick={() => setWindowing(windowing === t.id ? null : t.id)}
                  aria-label={`Round windows of ${t.name}`}
                >
                  Round windows
                </button>
              )}
              {(t.status === 'upcoming' || t.status === 'running') && (
                <SettingsEditor
                  name={t.name}
                  summary={rulesSummary(t)}
                  pending={save.isPending}
                  className="form form-grid"
                  onSave={(data, callbacks) =>
                    save.mutate({ id: t.id, ...changedFields(tournamentBody(data), t) }, callbacks)
                  }
                >
                  {(editErrors) => <TournamentFields errors={editErrors} current={t} />}
                </SettingsEditor>
              )}
              {seeding === t.id && <TournamentSeeds tournament={t} />}
              {windowing === t.id && <TournamentRoundWindows tournament={t} />}
            </li>
          ))}
        </ul>
      )}
      {cancelling && (
        <ConfirmDialog
          title={`Cancel ${cancelling.name}?`}
          message="The tournament never starts and its bracket is never drawn; sign-ups close with it. This cannot be undone."
          confirmLabel="Yes, cancel the tournament"
          busy={save.isPending}
          onCancel={() => setCancelling(null)}
          onConfirm={() =>
            save.mutate(
              { id: cancelling.id, status: 'cancelled' },
              {
                ...handlers(setErrors, 'The tournament was cancelled.'),
                onSettled: () => setCancelling(null),
              },
            )
          }
        />
      )}
      <form className="form form-grid" onSubmit={handleCreate} aria-label="Create a tournament">
        <h3 className="section-title">Create a tournament</h3>
        <TournamentFields errors={errors} current={NEW_TOURNAMENT} />
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Create tournament
        </button>
      </form>
    </section>
  );
}
