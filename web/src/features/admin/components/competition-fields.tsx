import { useId, useState, type FormEvent, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { FieldErrors } from '@/lib/api-error';
import { errorMessage, fieldErrors } from '@/lib/api-error';
import { formText } from '@/lib/form-data';
import { notify } from '@/lib/notify';
import { FormField } from '@/components/ui/form-field';
import { useAdminLocations } from '../api/get-locations';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  name: string;
  error?: string | undefined;
  children: ReactNode;
}

/** A labelled select with its validation message. */
export function SelectField({ label, name, error, children, ...props }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

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
      if (fields) setErrors(fields);
      else notify.error(errorMessage(err));
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

/** A competition's match rules, edited in place (PATCH); new matches follow, created ones keep theirs. */
export function RuleEditor({
  name,
  current,
  onSave,
  pending,
}: {
  name: string;
  current: MatchRules;
  onSave: (rules: ReturnType<typeof ruleBody>, callbacks: ReturnType<typeof handlers>) => void;
  pending: boolean;
}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const handleSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave(ruleBody(new FormData(event.currentTarget)), handlers(setErrors, 'The match rules were saved.'));
  };
  return (
    <details className="rule-editor">
      <summary>
        Match rules{' '}
        <span className="muted">
          · {current.locationRule === 'fixed' ? 'fixed location' : 'location vote'} ·{' '}
          {current.drawsAllowed ? 'draws allowed' : 'no draws'}
        </span>
      </summary>
      <form className="form" onSubmit={handleSave} aria-label={`Match rules of ${name}`}>
        <MatchRuleFields errors={errors} current={current} />
        <button type="submit" className="button button-primary button-small" disabled={pending}>
          Save rules
        </button>
      </form>
    </details>
  );
}
