/** The words of a switch in the admin lists: what a click does when the row is on, and when it is off. */
export type ToggleWords = readonly [turnOff: string, turnOn: string];

export const ACTIVATE: ToggleWords = ['Deactivate', 'Activate'];
export const OPEN: ToggleWords = ['Close', 'Open'];
export const ENABLE: ToggleWords = ['Disable', 'Enable'];

/** A row's on/off button; its accessible name says the action and the row ("Deactivate Crash"). */
export function ActiveToggle({
  active,
  name,
  words,
  disabled,
  onToggle,
}: {
  active: boolean;
  name: string;
  words: ToggleWords;
  disabled: boolean;
  onToggle: (next: boolean) => void;
}) {
  const action = active ? words[0] : words[1];
  return (
    <button
      type="button"
      className="button button-ghost button-small"
      disabled={disabled}
      onClick={() => onToggle(!active)}
      aria-label={`${action} ${name}`}
    >
      {action}
    </button>
  );
}
