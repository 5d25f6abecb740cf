import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { FieldErrors } from '@/lib/api-error';
import { errorMessage, fieldErrors, unshownFieldMessages } from '@/lib/api-error';
import { formText } from '@/lib/form-data';
import { notify } from '@/lib/notify';
import { FormField, SelectField } from '@/components/ui/form-field';
import { useAdminMapPools } from '../api/competitions';
import { useAdminLocations } from '../api/get-locations';

/** A labelled checkbox. */
export function CheckField({
  label,
  name,
  defaultChecked,
}: {
  label: string;
  name: string;
  defaultChecked?: boolean;
}) {
  const id = useId();
  return (
    <div className="field field-check">
      <input id={id} type="checkbox" name={name} defaultChecked={defaultChecked} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A whole number from the form; undefined when left empty (the server's default applies). */
export function formInt(data: FormData, name: string): number | undefined {
  const text = formText(data, name).trim();
  return text === '' ? undefined : Number(text);
}

/** Mutation callbacks: field errors under the inputs, anything else as a toast. */
export function handlers(setErrors: (e: FieldErrors) => void, success: string, reset?: () => void) {
  return {
    onSuccess: () => {
      setErrors({});
      reset?.();
      notify.success(success);
    },
    onError: (err: unknown) => {
      const fields = fieldErrors(err);
      if (fields) {
        setErrors(fields);
        for (const message of unshownFieldMessages(fields)) notify.error(message);
      } else notify.error(errorMessage(err));
    },
  };
}

export const PROMOD_MODES = ['match_mr12', 'match_mr10', 'match_mr15', 'match_mr3', 'knockout_mr12'] as const;

/** The match rules every competition has: draws, and where the game server runs. */
export interface MatchRules {
  drawsAllowed: boolean;
  locationRule: 'vote' | 'fixed';
  fixedLocationId: number | null;
  locationVoteSeconds: number;
}

/**
 * "Draws allowed", "Server location" (players vote, or a fixed location) and the fixed location. Matches
 * copy these when they are created: a change applies to new matches only.
 */
export function MatchRuleFields({ errors, current }: { errors: FieldErrors; current: MatchRules }) {
  const locations = useAdminLocations();
  const [rule, setRule] = useState(current.locationRule);
  const e = (name: string) => errors[name]?.[0];
  return (
    <>
      <CheckField
        label="Draws allowed (a map may end level)"
        name="drawsAllowed"
        defaultChecked={current.drawsAllowed}
      />
      <SelectField
        label="Server location"
        name="locationRule"
        value={rule}
        onChange={(ev) => setRule(ev.target.value === 'fixed' ? 'fixed' : 'vote')}
        error={e('locationRule')}
      >
        <option value="vote">Players vote (ties: lowest median ping)</option>
        <option value="fixed">Fixed location</option>
      </SelectField>
      {rule === 'vote' && (
        <FormField
          label="Location vote seconds"
          name="locationVoteSeconds"
          type="number"
          min={10}
          max={600}
          defaultValue={current.locationVoteSeconds}
          error={e('locationVoteSeconds')}
        />
      )}
      {rule === 'fixed' && (
        <SelectField
          key={locations.data ? 'locations' : 'loading'}
          label="Fixed location"
          name="fixedLocationId"
          defaultValue={current.fixedLocationId ?? ''}
          error={e('fixedLocationId')}
        >
          <option value="">Choose a location</option>
          {locations.data?.map((l) => (
            <option key={l.id} value={l.id}>
              {l.city}, {l.country}
            </option>
          ))}
        </SelectField>
      )}
    </>
  );
}

/** The match rules of a submitted form (`MatchRuleFields`). */
export function ruleBody(
  data: FormData,
): Omit<MatchRules, 'locationVoteSeconds'> & { locationVoteSeconds?: number } {
  const fixed = formText(data, 'locationRule') === 'fixed';
  return {
    drawsAllowed: data.get('drawsAllowed') === 'on',
    locationRule: fixed ? 'fixed' : 'vote',
    fixedLocationId: fixed ? (formInt(data, 'fixedLocationId') ?? null) : null,
    ...(fixed ? {} : { locationVoteSeconds: formInt(data, 'locationVoteSeconds') ?? 60 }),
  };
}

/** The settings every competition has (`competitionFields` in common/src/api/admin.ts). */
export interface CommonSettings extends MatchRules {
  name: string;
  mapPoolId: number | null;
  teamSize: number;
  vetoTurnSeconds: number;
  promodMode: string;
  scoreApprovalSeconds: number | null;
  disputeWindowSeconds: number | null;
}

/** A new competition's settings before the admin changes any. */
export const NEW_COMPETITION: CommonSettings = {
  name: '',
  mapPoolId: null,
  teamSize: 5,
  vetoTurnSeconds: 30,
  promodMode: 'match_mr12',
  scoreApprovalSeconds: null,
  disputeWindowSeconds: null,
  drawsAllowed: false,
  locationRule: 'vote',
  fixedLocationId: null,
  locationVoteSeconds: 60,
};

/**
 * The fields every competition form shares, create and edit alike: name, pool, team size, veto clock,
 * promod mode, score and dispute windows, then the match rules.
 */
export function CommonFields({
  errors,
  prefix,
  current,
}: {
  errors: FieldErrors;
  /** "Ladder" labels the name "Ladder name"; empty: "Name". */
  prefix: string;
  current: CommonSettings;
}) {
  const pools = useAdminMapPools();
  const e = (name: string) => errors[name]?.[0];
  return (
    <>
      <FormField
        label={prefix ? `${prefix} name` : 'Name'}
        name="name"
        required
        defaultValue={current.name}
        error={e('name')}
      />
      {/* Remounted once the pools arrive: an uncontrolled select applies its default only when it mounts, so
          an editor opened before they loaded would otherwise save the first pool instead of the current one. */}
      <SelectField
        key={pools.data ? 'pools' : 'loading'}
        label="Map pool"
        name="mapPoolId"
        defaultValue={current.mapPoolId ?? undefined}
        error={e('mapPoolId')}
      >
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
        defaultValue={current.teamSize}
        error={e('teamSize')}
      />
      <FormField
        label="Veto turn seconds"
        name="vetoTurnSeconds"
        type="number"
        min={5}
        max={600}
        defaultValue={current.vetoTurnSeconds}
        error={e('vetoTurnSeconds')}
      />
      <SelectField
        label="Promod mode"
        name="promodMode"
        defaultValue={current.promodMode}
        error={e('promodMode')}
      >
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
        defaultValue={current.scoreApprovalSeconds ?? ''}
        error={e('scoreApprovalSeconds')}
      />
      <FormField
        label="Dispute window seconds (empty: platform default)"
        name="disputeWindowSeconds"
        type="number"
        min={0}
        defaultValue={current.disputeWindowSeconds ?? ''}
        error={e('disputeWindowSeconds')}
      />
      <MatchRuleFields errors={errors} current={current} />
    </>
  );
}

/** The common settings of a submitted form (`CommonFields`). */
export function commonBody(data: FormData) {
  return {
    name: formText(data, 'name').trim(),
    mapPoolId: formInt(data, 'mapPoolId') ?? 0,
    teamSize: formInt(data, 'teamSize') ?? 5,
    vetoTurnSeconds: formInt(data, 'vetoTurnSeconds'),
    promodMode: formText(data, 'promodMode') as (typeof PROMOD_MODES)[number],
    scoreApprovalSeconds: formInt(data, 'scoreApprovalSeconds') ?? null,
    disputeWindowSeconds: formInt(data, 'disputeWindowSeconds') ?? null,
    ...ruleBody(data),
  };
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/**
 * Equal values; two ISO instants are equal when they name the same second (the form's date inputs hold
 * seconds, the API may hold milliseconds).
 */
const sameValue = (a: unknown, b: unknown) =>
  a === b ||
  (typeof a === 'string' &&
    typeof b === 'string' &&
    ISO_INSTANT.test(a) &&
    ISO_INSTANT.test(b) &&
    Math.floor(Date.parse(a) / 1000) === Math.floor(Date.parse(b) / 1000));

/** Only what the form changed: a PATCH then touches nothing else (a running tournament refuses its draw fields). */
export function changedFields<T extends object>(body: T, current: object): Partial<T> {
  const before = current as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(body).filter(([key, value]) => value !== undefined && !sameValue(value, before[key])),
  ) as Partial<T>;
}

/** `datetime-local` text (the browser's time zone, to the second) of an ISO instant. */
export function localFromIso(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** `datetime-local` text -> ISO 8601, as the API takes it. */
export const isoFromLocal = (value: string) => (value ? new Date(value).toISOString() : '');

/**
 * One item edited in place (a competition's settings, a map, a location, a pool, a game): the same fields as
 * its create form, filled with what it has; the caller sends what changed (PATCH). Field errors show under
 * their inputs, anything else as a toast.
 */
export function SettingsEditor({
  name,
  summary,
  pending,
  onSave,
  title = 'Settings',
  className = 'form',
  children,
}: {
  name: string;
  summary?: ReactNode;
  pending: boolean;
  onSave: (data: FormData, callbacks: ReturnType<typeof handlers>) => void;
  /** The disclosure's label; the form is named "{title} of {name}". */
  title?: string;
  className?: string;
  children: (errors: FieldErrors) => ReactNode;
}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const handleSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave(new FormData(event.currentTarget), handlers(setErrors, 'The changes were saved.'));
  };
  return (
    <details className="rule-editor">
      <summary>
        {title}
        {summary && <span className="muted"> · {summary}</span>}
      </summary>
      <form className={className} onSubmit={handleSave} aria-label={`${title} of ${name}`}>
        {children(errors)}
        <button type="submit" className="button button-primary button-small" disabled={pending}>
          Save changes
        </button>
      </form>
    </details>
  );
}

/** The settings summary of a list row: where the server runs and whether draws count. */
export const rulesSummary = (r: MatchRules) =>
  `${r.locationRule === 'fixed' ? 'fixed location' : 'location vote'} · ${r.drawsAllowed ? 'draws allowed' : 'no draws'}`;
