// "Your turn" alerts of the match room: a short sound and a browser notification, each switched on in the
// settings page and kept in this browser only (localStorage), as FACEIT-class clients do. Both are off by
// default: a sound or a permission prompt nobody asked for is worse than none.

/** localStorage keys of the two switches ('true' / 'false'). */
export const TURN_SOUND_KEY = 'turnAlertSound';
export const TURN_NOTIFICATION_KEY = 'turnAlertNotification';

/** Whether the switch under `key` is on. */
export function readTurnAlert(key: string): boolean {
  try {
    return localStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
}

/** Turns the switch under `key` on or off (ignored when storage is blocked). */
export function writeTurnAlert(key: string, on: boolean): void {
  try {
    localStorage.setItem(key, String(on));
  } catch {
    // Not persisting is acceptable.
  }
}

/** Two short rising beeps from Web Audio: no sound file to download. */
function beep(): void {
  const AudioContextClass = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!AudioContextClass) return;
  try {
    const audio = new AudioContextClass();
    const gain = audio.createGain();
    gain.connect(audio.destination);
    gain.gain.value = 0.08;
    [660, 880].forEach((frequency, i) => {
      const tone = audio.createOscillator();
      tone.type = 'sine';
      tone.frequency.value = frequency;
      tone.connect(gain);
      const start = audio.currentTime + i * 0.16;
      tone.start(start);
      tone.stop(start + 0.12);
    });
    setTimeout(() => void audio.close(), 600);
  } catch {
    // Audio may be blocked until the user interacts with the page: the title still says it.
  }
}

/**
 * Tells the viewer it became their turn (`text`, for example "Your turn – ban a map"), with the alerts they
 * switched on. The notification shows only while the tab is in the background: in front, the room says it.
 */
export function alertTurn(text: string): void {
  if (readTurnAlert(TURN_SOUND_KEY)) beep();
  if (
    readTurnAlert(TURN_NOTIFICATION_KEY) &&
    typeof Notification !== 'undefined' &&
    Notification.permission === 'granted' &&
    document.visibilityState === 'hidden'
  ) {
    try {
      new Notification(text, { tag: 'versus-turn' });
    } catch {
      // Some browsers only allow notifications from a service worker; the title still says it.
    }
  }
}
