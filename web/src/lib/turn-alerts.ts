// Alerts that call the player back: a short sound and a browser notification, for "your turn" in the match
// room and for a solo-queue match found (the ready check). Each is a switch in the settings page, kept in
// this browser only (localStorage), as FACEIT-class clients do. The sound is on by default: a pop missed
// because the page was in another tab costs the player their place in the queue. The browser notification
// is off by default, since turning it on asks the browser's permission.

/** localStorage keys of the two switches ('true' / 'false'). */
export const TURN_SOUND_KEY = 'turnAlertSound';
export const TURN_NOTIFICATION_KEY = 'turnAlertNotification';

/** What each switch is before the player touches it. */
const DEFAULTS: Record<string, boolean> = { [TURN_SOUND_KEY]: true, [TURN_NOTIFICATION_KEY]: false };

/** Whether the switch under `key` is on (its default when never set or when storage is blocked). */
export function readTurnAlert(key: string): boolean {
  const fallback = DEFAULTS[key] ?? false;
  try {
    const stored = localStorage.getItem(key);
    return stored === null ? fallback : stored === 'true';
  } catch {
    return fallback;
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

/** What became of a sound: played; switched off; refused by the browser (no click on the page yet); no audio. */
export type SoundResult = 'played' | 'off' | 'blocked' | 'unsupported';

/** Two short rising beeps: a move became yours. */
const TURN_TONES = [660, 880];
/** A rising four-note chime, louder and longer: a match was found. */
const POP_TONES = [523, 659, 784, 1047];

/**
 * Plays `tones` (Hz, 160 ms apart) from Web Audio, so there is no sound file to download, when the sound
 * switch is on. A browser that allows no audio before the first click on the page keeps the context
 * suspended: that is reported as 'blocked' (the dialog and the title still say it).
 */
export async function playAlertSound(
  tones: readonly number[] = TURN_TONES,
  volume = 0.08,
): Promise<SoundResult> {
  if (!readTurnAlert(TURN_SOUND_KEY)) return 'off';
  const AudioContextClass = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!AudioContextClass) return 'unsupported';
  try {
    const audio = new AudioContextClass();
    if (audio.state === 'suspended') {
      // A refused resume never settles: give it a moment, then count the sound as blocked.
      await Promise.race([audio.resume(), new Promise((resolve) => setTimeout(resolve, 300))]);
    }
    if (audio.state !== 'running') {
      void audio.close();
      return 'blocked';
    }
    const gain = audio.createGain();
    gain.connect(audio.destination);
    gain.gain.value = volume;
    tones.forEach((frequency, i) => {
      const tone = audio.createOscillator();
      tone.type = 'sine';
      tone.frequency.value = frequency;
      tone.connect(gain);
      const start = audio.currentTime + i * 0.16;
      tone.start(start);
      tone.stop(start + 0.12);
    });
    setTimeout(() => void audio.close(), tones.length * 160 + 400);
    return 'played';
  } catch {
    return 'blocked';
  }
}

/** A browser notification when switched on and allowed, only while the tab is in the background. */
function notifyInBackground(text: string, tag: string): void {
  if (
    readTurnAlert(TURN_NOTIFICATION_KEY) &&
    typeof Notification !== 'undefined' &&
    Notification.permission === 'granted' &&
    document.visibilityState === 'hidden'
  ) {
    try {
      new Notification(text, { tag });
    } catch {
      // Some browsers only allow notifications from a service worker; the title still says it.
    }
  }
}

/**
 * Tells the viewer it became their turn (`text`, for example "Your turn – ban a map"), with the alerts they
 * switched on. The notification shows only while the tab is in the background: in front, the room says it.
 */
export function alertTurn(text: string): void {
  void playAlertSound(TURN_TONES);
  notifyInBackground(text, 'versus-turn');
}

/** A solo-queue match was found: the chime, and the notification while the tab is in the background. */
export function alertQueuePop(text: string): Promise<SoundResult> {
  notifyInBackground(text, 'versus-queue-pop');
  return playAlertSound(POP_TONES, 0.12);
}
