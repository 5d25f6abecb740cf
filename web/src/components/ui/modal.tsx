import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import '@/styles/modal.css';

interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Extra class on the dialog box (width variants). */
  className?: string;
  /** `alertdialog` for a question that interrupts (a confirmation); it has no close icon. */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element that describes the dialog (a confirmation's question). */
  describedBy?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open modals, innermost last: only the innermost one answers Escape and Tab (a confirmation on a form). */
const openModals: object[] = [];

/**
 * A modal dialog labelled by its title: focus moves into it on open and back to the opener on close, Tab
 * cycles inside it, Escape and the backdrop close it. Rendered in a portal so page layout cannot clip it.
 */
export function Modal({ title, onClose, children, className, role = 'dialog', describedBy }: ModalProps) {
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const self = {};
    openModals.push(self);
    const box = boxRef.current;
    const first = box?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? box)?.focus();
    const handleKey = (event: KeyboardEvent) => {
      if (openModals[openModals.length - 1] !== self) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !box) return;
      const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const head = items[0]!;
      const tail = items[items.length - 1]!;
      if (event.shiftKey && (document.activeElement === head || !box.contains(document.activeElement))) {
        event.preventDefault();
        tail.focus();
      } else if (
        !event.shiftKey &&
        (document.activeElement === tail || !box.contains(document.activeElement))
      ) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('keydown', handleKey);
      openModals.splice(openModals.indexOf(self), 1);
      opener?.focus();
    };
  }, []);

  return createPortal(
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={boxRef}
        className={`modal ${className ?? ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <div className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {role === 'dialog' && (
            <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          )}
        </div>
        <div className="modal-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
