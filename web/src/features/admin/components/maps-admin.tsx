import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { errorMessage, type FieldErrors } from '@/lib/api-error';
import { formText } from '@/lib/form-data';
import { notify } from '@/lib/notify';
import { useAdminMaps } from '../api/get-maps';
import { useSaveMap } from '../api/save-map';
import { useUploadMapImage } from '../api/competitions';
import { changedFields, handlers, SettingsEditor } from './competition-fields';
import { ActiveToggle, ACTIVATE } from './active-toggle';

interface MapValues {
  name: string;
  nameCmd: string;
  image: string | null;
}

/** A map's fields, add and edit alike. */
function MapFields({ errors, current }: { errors: FieldErrors; current: MapValues }) {
  return (
    <>
      <FormField label="Map name" name="name" required defaultValue={current.name} error={errors.name?.[0]} />
      <FormField
        label="Map command (e.g. mp_crash)"
        name="nameCmd"
        required
        defaultValue={current.nameCmd}
        error={errors.nameCmd?.[0]}
      />
      <FormField
        label="Image path or URL (optional)"
        name="image"
        defaultValue={current.image ?? ''}
        error={errors.image?.[0]}
      />
    </>
  );
}

function mapBody(data: FormData): MapValues {
  const image = formText(data, 'image').trim();
  return {
    name: formText(data, 'name').trim(),
    nameCmd: formText(data, 'nameCmd').trim(),
    image: image || null,
  };
}

/** The map pool: switch maps on and off, add new ones. */
export function MapsAdmin() {
  const query = useAdminMaps();
  const save = useSaveMap();
  const upload = useUploadMapImage();
  const [errors, setErrors] = useState<FieldErrors>({});

  const handleAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    save.mutate(
      mapBody(new FormData(form)),
      handlers(setErrors, 'The map was added.', () => form.reset()),
    );
  };

  return (
    <section className="card" aria-labelledby="admin-maps">
      <h2 id="admin-maps" className="section-title">
        Maps
      </h2>
      {query.isSuccess && (
        <ul className="plain-list">
          {query.data.map((m) => (
            <li key={m.id} className="admin-row">
              {m.image ? (
                <img className="admin-map-thumb" src={m.image} alt="" width={64} height={36} />
              ) : (
                <span className="admin-map-thumb" aria-hidden="true" />
              )}
              <span>
                {m.name} <code>{m.nameCmd}</code>{' '}
                <span className="muted">{m.isActive ? 'active' : 'inactive'}</span>
              </span>
              <span className="admin-row-actions">
                <label className="button button-ghost button-small">
                  Image
                  <input
                    type="file"
                    accept="image/png,image/jpeg,image/webp"
                    className="visually-hidden"
                    aria-label={`Upload an image for ${m.name}`}
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      if (!file) return;
                      upload.mutate(
                        { id: m.id, file },
                        {
                          onSuccess: () => notify.success(`The image of ${m.name} was saved.`),
                          onError: (err) => notify.error(errorMessage(err)),
                        },
                      );
                    }}
                  />
                </label>
                <ActiveToggle
                  active={m.isActive}
                  name={m.name}
                  words={ACTIVATE}
                  disabled={save.isPending}
                  onToggle={(isActive) => save.mutate({ id: m.id, isActive })}
                />
              </span>
              <SettingsEditor
                name={m.name}
                title="Edit"
                pending={save.isPending}
                onSave={(data, callbacks) =>
                  save.mutate({ id: m.id, ...changedFields(mapBody(data), m) }, callbacks)
                }
              >
                {(editErrors) => <MapFields errors={editErrors} current={m} />}
              </SettingsEditor>
            </li>
          ))}
        </ul>
      )}
      <form className="form" onSubmit={handleAdd} aria-label="Add a map">
        <h3 className="section-title">Add a map</h3>
        <MapFields errors={errors} current={{ name: '', nameCmd: '', image: null }} />
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Add map
        </button>
      </form>
    </section>
  );
}
