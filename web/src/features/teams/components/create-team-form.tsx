import { TEAM_NAME_MAX, TEAM_NAME_MIN, TEAM_TAG_MAX } from '@versus/common/api/field-limits';
import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { errorMessage, fieldErrors, type FieldErrors } from '@/lib/api-error';
import { formText } from '@/lib/form-data';
import { notify } from '@/lib/notify';
import { useCreateTeam } from '../api/create-team';

/** Creates a team with the signed-in user as captain; `onCreated` gets the team's page URL. */
export function CreateTeamForm({ onCreated }: { onCreated: (url: string) => void }) {
  const create = useCreateTeam();
  const [errors, setErrors] = useState<FieldErrors>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    create.mutate(
      { name: formText(data, 'name').trim(), tag: formText(data, 'tag').trim() },
      {
        onSuccess: (team) => onCreated(team.url),
        onError: (err) => {
          const fields = fieldErrors(err);
          if (fields) setErrors(fields);
          else notify.error(errorMessage(err));
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={handleSubmit}>
      <FormField
        label="Team name"
        name="name"
        required
        minLength={TEAM_NAME_MIN}
        maxLength={TEAM_NAME_MAX}
        error={errors.name?.[0]}
      />
      <FormField label="Tag" name="tag" required maxLength={TEAM_TAG_MAX} error={errors.tag?.[0]} />
      <button type="submit" className="button button-primary" disabled={create.isPending}>
        Create team
      </button>
    </form>
  );
}
