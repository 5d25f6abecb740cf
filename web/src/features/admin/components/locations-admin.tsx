import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import type { FieldErrors } from '@/lib/api-error';
import { formText } from '@/lib/form-data';
import { useAdminLocations } from '../api/get-locations';
import { useSaveLocation } from '../api/save-location';
import { changedFields, handlers, SettingsEditor } from './competition-fields';
import { ActiveToggle, ACTIVATE } from './active-toggle';

interface LocationValues {
  hostname: string;
  /** Empty: no name (players read the host of the ping URL). */
  name: string | null;
  city: string;
  country: string;
  flag: string;
}

/** A location's fields, add and edit alike. */
function LocationFields({ errors, current }: { errors: FieldErrors; current: LocationValues }) {
  return (
    <>
      <FormField
        label="Ping URL (https://...)"
        name="hostname"
        type="url"
        required
        defaultValue={current.hostname}
        error={errors.hostname?.[0]}
      />
      <FormField
        label="Name shown to players (empty: the ping URL's host)"
        name="name"
        maxLength={64}
        defaultValue={current.name ?? ''}
        error={errors.name?.[0]}
      />
      <FormField label="City" name="city" required defaultValue={current.city} error={errors.city?.[0]} />
      <FormField
        label="Country"
        name="country"
        required
        defaultValue={current.country}
        error={errors.country?.[0]}
      />
      <FormField
        label="Flag (two-letter code)"
        name="flag"
        required
        maxLength={2}
        defaultValue={current.flag}
        error={errors.flag?.[0]}
      />
    </>
  );
}

function locationBody(data: FormData): LocationValues {
  return {
    hostname: formText(data, 'hostname').trim(),
    name: formText(data, 'name').trim() || null,
    city: formText(data, 'city').trim(),
    country: formText(data, 'country').trim(),
    flag: formText(data, 'flag').trim().toLowerCase(),
  };
}

/** Server locations offered in the location vote: switch on and off, add new ones. */
export function LocationsAdmin() {
  const query = useAdminLocations();
  const save = useSaveLocation();
  const [errors, setErrors] = useState<FieldErrors>({});

  const handleAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    save.mutate(
      locationBody(new FormData(form)),
      handlers(setErrors, 'The location was added.', () => form.reset()),
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
                {l.name ?? l.city}: {l.city}, {l.country} <code>{l.hostname}</code>{' '}
                <span className="muted">{l.isActive ? 'active' : 'inactive'}</span>
              </span>
              <ActiveToggle
                active={l.isActive}
                name={l.city}
                words={ACTIVATE}
                disabled={save.isPending}
                onToggle={(isActive) => save.mutate({ id: l.id, isActive })}
              />
              <SettingsEditor
                name={`${l.city}, ${l.country}`}
                title="Edit"
                pending={save.isPending}
                onSave={(data, callbacks) =>
                  save.mutate({ id: l.id, ...changedFields(locationBody(data), l) }, callbacks)
                }
              >
                {(editErrors) => <LocationFields errors={editErrors} current={l} />}
              </SettingsEditor>
            </li>
          ))}
        </ul>
      )}
      <form className="form" onSubmit={handleAdd} aria-label="Add a location">
        <h3 className="section-title">Add a location</h3>
        <LocationFields
          errors={errors}
          current={{ hostname: '', name: null, city: '', country: '', flag: '' }}
        />
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Add location
        </button>
      </form>
    </section>
  );
}
