import { useState, type FormEvent } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { errorMessage, fieldErrors } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useUploadAvatar } from '../api/upload-avatar';

const MAX_BYTES = 1024 * 1024;

/** Avatar upload: PNG, JPEG or WebP up to 1 MB (checked here for a quick answer, and by the server). */
export function AvatarForm({ image }: { image: string | null }) {
  const upload = useUploadAvatar();
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('avatar');
    if (!(file instanceof File) || file.size === 0) return setError('Choose an image first.');
    if (!file.type.startsWith('image/')) return setError('The avatar must be a PNG, JPEG or WebP image.');
    if (file.size > MAX_BYTES) return setError('The avatar must not be greater than 1024 kilobytes.');
    setError(null);
    upload.mutate(file, {
      onSuccess: (message) => notify.success(message),
      onError: (err) => {
        const errors = fieldErrors(err);
        const first = errors ? Object.values(errors)[0]?.[0] : undefined;
        setError(first ?? errorMessage(err));
      },
    });
  };

  return (
    <form className="form" onSubmit={handleSubmit} aria-labelledby="avatar-title">
      <h2 id="avatar-title" className="section-title">
        Avatar
      </h2>
      <Avatar src={image} size={64} />
      <div className="field">
        <label className="field-label" htmlFor="avatar-file">
          Image (PNG, JPEG or WebP, at most 1 MB)
        </label>
        <input
          id="avatar-file"
          name="avatar"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'avatar-error' : undefined}
        />
        {error && (
          <p id="avatar-error" className="field-error">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button button-primary" disabled={upload.isPending}>
        Upload avatar
      </button>
    </form>
  );
}
