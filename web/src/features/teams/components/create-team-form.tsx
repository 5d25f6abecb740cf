import { TEAM_NAME_MAX, TEAM_NAME_MIN, TEAM_TAG_MAX } from '@versus/common/api/field-limits';
import type { FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { useFormErrors } from '@/hooks/use-form-errors';
import { formText } from '@/lib/form-data';
import { useCreateTeam } from '../api/create-team';

const FIELDS = ['name', 'tag'] as const;

/**
 * Creates a team with the signed-in user as captain; `onCreated` gets the team's page URL. A refusal shows
 * in the form: under the name or tag, or above the button.
 */
export function CreateTeamForm({ onCreated }: { onCreated: (url: string) => void }) {
  const create = useCreateTeam();
  const { fieldProps, handleError, reset, formMessages } = useFormErrors(FIELDS);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    reset();
    create.mutate(
      { name: formText(data, 'name').trim(), tag: formText(data, 'tag').trim() },
      { onSuccess: (team) => onCreated(team.url), onError: handleError },
    );
  };

  return (
    <form className="form" onSubmit={handleSubmit}>
      <FormField
        label="Team name"
        {...fieldProps('name')}
        required
        minLength={TEAM_NAME_MIN}
        maxLength={TEAM_NAME_MAX}
      />
      <FormField label="Tag" {...fieldProps('tag')} required maxLength={TEAM_TAG_MAX} />
      <FormError messages={formMessages} />
      <button type="submit" className="button button-primary" disabled={create.isPending}>
        Create team
      </button>
    </form>
  );
}
