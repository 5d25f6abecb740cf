import type { SettingsUser } from '../types';
import { AnticheatTokenPanel } from './anticheat-token-panel';
import { AvatarForm } from './avatar-form';
import { CountryForm } from './country-form';
import { PasswordForm } from './password-form';

/** `/settings`: avatar, country, password and the anticheat token of the signed-in user. */
export function SettingsPage({ user }: { user: SettingsUser }) {
  return (
    <div className="settings">
      <h1>Settings</h1>
      <div className="settings-grid">
        <div className="card">
          <AvatarForm image={user.image} />
        </div>
        <div className="card">
          <CountryForm key={user.flag ?? ''} flag={user.flag} />
        </div>
        <div className="card">
          <PasswordForm />
        </div>
        <div className="card">
          <AnticheatTokenPanel />
        </div>
      </div>
    </div>
  );
}
