import { useMemo, useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useUpdateSettings } from '../api/update-settings';
import { countryOptions } from '../utils/countries';

/** The country shown as the player's flag; "None" clears it. */
export function CountryForm({ flag }: { flag: string | null }) {
  const options = useMemo(() => countryOptions(), []);
  const update = useUpdateSettings();
  const [value, setValue] = useState(flag ?? '');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(
      { flag: value === '' ? null : value },
      {
        onSuccess: (message) => {
          setError(null);
          notify.success(message);
        },
        onError: (err) => setError(fieldErrors(err)?.flag?.[0] ?? errorMessage(err)),
      },
    );
  };

  return (
    <form className="form" onSubmit={handleSubmit} aria-labelledby="country-title">
      <h2 id="country-title" className="section-title">
        Country
      </h2>
      <div className="field">
        <label className="field-label" htmlFor="country">
          Country shown as your flag
        </label>
        <select
          id="country"
          className="field-input"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'country-error' : undefined}
        >
          <option value="">None</option>
          {options.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {error && (
          <p id="country-error" className="field-error">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button button-primary" disabled={update.isPending}>
        Save country
      </button>
    </form>
  );
}
