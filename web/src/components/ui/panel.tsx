import { useId, type ReactNode } from 'react';

interface PanelProps {
  id: string;
  /** Accessible name; also the visible heading unless `hideTitle` is set. */
  title: string;
  hideTitle?: boolean;
  onClose?: () => void;
  /** Controls shown in the header between the title and the close icon (e.g. "Mark all as seen"). */
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * A header drop-down panel. The close control is an icon so panels carry no text beyond their title, and its
 * name leaves the title out so a search for the panel's toggle by name finds only the toggle.
 */
export function Panel({ id, title, hideTitle = false, onClose, actions, children }: PanelProps) {
  const headingId = useId();
  return (
    <section
      id={id}
      className="panel"
      aria-labelledby={hideTitle ? undefined : headingId}
      aria-label={hideTitle ? title : undefined}
    >
      {!hideTitle && (
        <header className="panel-header">
          <h2 id={headingId} className="panel-title">
            {title}
          </h2>
          {actions && <div className="panel-actions">{actions}</div>}
          {onClose && (
            <button type="button" className="icon-button" aria-label="Close panel" onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </header>
      )}
      <div className="panel-body">{children}</div>
    </section>
  );
}
