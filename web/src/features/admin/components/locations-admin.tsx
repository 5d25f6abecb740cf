import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { errorMessage, fieldErrors, type FieldErrors } from '@/lib/api-error';
import { formText } from '@/lib/form-data';
import { notify } from '@/lib/notify';
import { useAdminLocations } from '../api/get-locations';
import { useSaveLocation } from '../api/save-location';

/** Server locations offered in the location vote: switch on and off, add new ones. */
export function LocationsAdmin() {
  const query = useAdminLocations();
  const save = useSaveLocation();
  const [errors, setErrors] = useState<FieldErrors>({});

  const handleAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    save.mutate(
      {
        hostname: formText(data, 'hostname').trim(),
        city: formText(data, 'city').trim(),
        country: formText(data, 'country').trim(),
        flag: formText(data, 'flag').trim().toLowerCase(),
      },
      {
        onSuccess: () => {
          setErrors({});
          form.reset();
          notify.success('The location was added.');
        },
        onError: (err) => {
          const fields = fieldErrors(err);
          if (fields) setErrors(fields);
          else notify.error(errorMessage(err));
        },
      },
    );
  };

  return (
    <section className="card" aria-labelledby="admin-locations">
      <h2 id="admin-locations" className="section-title">
        Locations
      </h2>
      {query.isSuccess && (
        <ul className="plain-list">
          {query.data.map((l) => (
            <li key={l.id} className="admin-row">
              <span>
                {l.city}, {l.country} <code>{l.hostname}</code>{' '}
                <span className="muted">{l.isActive ? 'active' : 'inactive'}</span>
              </span>
              <button
                type="button"
                className="button button-ghost button-small"
                disabled={save.isPending}
                onClick={() => save.mutate({ id: l.id, isActive: !l.isActive })}
                aria-label={`${l.isActive ? 'Deactivate' : 'Activate'} ${l.city}`}
              >
                {l.isActive ? 'Deactivate' : 'Activate'}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="form" onSubmit={handleAdd} aria-label="Add a location">
        <FormField
          label="Ping URL (https://...)"
          name="hostname"
          type="url"
          required
          error={errors.hostname?.[0]}
        />
        <FormField label="City" name="city" required error={errors.city?.[0]} />
        <FormField label="Country" name="country" required error={errors.country?.[0]} />
        <FormField
          label="Flag (two-letter code)"
          name="flag"
          required
          maxLength={2}
          error={errors.flag?.[0]}
        />
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Add location
        </button>
      </form>
    </section>
  );
}
