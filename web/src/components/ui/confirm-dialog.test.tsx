import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

/** A page button that asks before it acts, as the app's buttons do. */
function Asker({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Kick Soap
      </button>
      {open && (
        <ConfirmDialog
          title="Kick Soap?"
          message="Soap leaves the team at once."
          confirmLabel="Yes, kick"
          onCancel={() => setOpen(false)}
          onConfirm={() => {
            setOpen(false);
            onConfirm();
          }}
        />
      )}
    </>
  );
}

describe('ConfirmDialog', () => {
  it('is an alert dialog named by its question and described by its message, the way back focused', () => {
    render(<Asker onConfirm={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Kick Soap' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Kick Soap?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBe(
      screen.getByText('Soap leaves the team at once.').id,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'No, go back' }));
  });

  it('goes back on Escape, on the way back and on a click outside, and returns focus to the asker', () => {
    const confirmed = vi.fn();
    render(<Asker onConfirm={confirmed} />);
    const asker = screen.getByRole('button', { name: 'Kick Soap' });

    asker.focus();
    fireEvent.click(asker);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(asker);

    fireEvent.click(asker);
    fireEvent.click(screen.getByRole('button', { name: 'No, go back' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(asker);
    const backdrop = screen.getByRole('alertdialog').parentElement!;
    fireEvent.mouseDown(backdrop);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(confirmed).not.toHaveBeenCalled();
  });

  it('acts only on the confirm button', () => {
    const confirmed = vi.fn();
    render(<Asker onConfirm={confirmed} />);
    fireEvent.click(screen.getByRole('button', { name: 'Kick Soap' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, kick' }));
    expect(confirmed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps Tab inside the dialog', () => {
    render(<Asker onConfirm={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Kick Soap' }));
    const confirm = screen.getByRole('button', { name: 'Yes, kick' });
    confirm.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'No, go back' }));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);
  });

  it('holds the confirm button while the action runs', () => {
    render(
      <ConfirmDialog
        title="Leave?"
        message="m"
        confirmLabel="Leave"
        busy
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Leave' })).toHaveProperty('disabled', true);
  });
});
