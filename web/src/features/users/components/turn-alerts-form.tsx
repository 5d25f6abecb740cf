import { useState, type ChangeEvent } from 'react';
import { readTurnAlert, TURN_NOTIFICATION_KEY, TURN_SOUND_KEY, writeTurnAlert } from '@/lib/turn-alerts';

const BLOCKED = 'Your browser blocks notifications from this site; allow them in its site settings.';

/**
 * The alerts that call the player back (a solo-queue match found, "your turn" in the match room): a short
 * sound, on by default, and a browser notification, kept in this browser (localStorage). Turning the
 * notification on asks the browser's permission first.
 */
export function TurnAlertsForm() {
  const [sound, setSound] = useState(() => readTurnAlert(TURN_SOUND_KEY));
  const [notification, setNotification] = useState(() => readTurnAlert(TURN_NOTIFICATION_KEY));
  const [note, setNote] = useState<string | null>(null);

  const handleSound = (event: ChangeEvent<HTMLInputElement>) => {
    writeTurnAlert(TURN_SOUND_KEY, event.target.checked);
    setSound(event.target.checked);
  };
  const handleNotification = async (event: ChangeEvent<HTMLInputElement>) => {
    const on = event.target.checked;
    setNote(null);
    if (on) {
      const permission =
        typeof Notification === 'undefined' ? 'denied' : await Notification.requestPermission();
      if (permission !== 'granted') {
        setNote(BLOCKED);
        return;
      }
    }
    writeTurnAlert(TURN_NOTIFICATION_KEY, on);
    setNotification(on);
  };

  return (
    <fieldset className="form turn-alerts">
      <legend className="section-title">Match alerts</legend>
      <p className="muted">
        When a queue finds your match, or it is your turn in a match room (ready, pick, vote, veto, approve):
      </p>
      <label className="check-field">
        <input type="checkbox" checked={sound} onChange={handleSound} />
        Play a short sound
      </label>
      <label className="check-field">
        <input type="checkbox" checked={notification} onChange={(e) => void handleNotification(e)} />
        Show a browser notification while the tab is in the background
      </label>
      {note && (
        <p className="field-error" role="status">
          {note}
        </p>
      )}
      <p className="muted">Kept in this browser only.</p>
    </fieldset>
  );
}
