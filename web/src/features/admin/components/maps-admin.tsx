import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { errorMessage, fieldErrors, type FieldErrors } from '@/lib/api-error';
import { formText } from '@/lib/form-data';
import { notify } from '@/lib/notify';
import { useAdminMaps } from '../api/get-maps';
import { useSaveMap } from '../api/save-map';
import { useUploadMapImage } from '../api/competitions';

/** The map pool: switch maps on and off, add new ones. */
export function MapsAdmin() {
  const query = useAdminMaps();
  const save = useSaveMap();
  const upload = useUploadMapImage();
  const [errors, setErrors] = useState<FieldErrors>({});

  const handleAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const image = formText(data, 'image').trim();
    save.mutate(
      {
        name: formText(data, 'name').trim(),
        nameCmd: formText(data, 'nameCmd').trim(),
        image: image || null,
      },
      {
        onSuccess: () => {
          setErrors({});
          form.reset();
          notify.success('The map was added.');
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
              <button
                type="button"
                className="button button-ghost button-small"
                disabled={save.isPending}
                onClick={() => save.mutate({ id: m.id, isActive: !m.isActive })}
                aria-label={`${m.isActive ? 'Deactivate' : 'Activate'} ${m.name}`}
              >
                {m.isActive ? 'Deactivate' : 'Activate'}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="form" onSubmit={handleAdd} aria-label="Add a map">
        <FormField label="Map name" name="name" required error={errors.name?.[0]} />
        <FormField label="Map command (e.g. mp_crash)" name="nameCmd" required error={errors.nameCmd?.[0]} />
        <FormField label="Image path or URL (optional)" name="image" error={errors.image?.[0]} />
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Add map
        </button>
      </form>
    </section>
  );
}
