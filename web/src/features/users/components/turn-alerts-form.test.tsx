import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TURN_NOTIFICATION_KEY, TURN_SOUND_KEY } from '@/lib/turn-alerts';
import { TurnAlertsForm } from './turn-alerts-form';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('TurnAlertsForm', () => {
  it('has the sound on by default and keeps the switch in this browser', () => {
    render(<TurnAlertsForm />);
    const sound = screen.getByRole('checkbox', { name: 'Play a short sound' });
    expect((sound as HTMLInputElement).checked).toBe(true);
    fireEvent.click(sound);
    expect(localStorage.getItem(TURN_SOUND_KEY)).toBe('false');
    fireEvent.click(sound);
    expect(localStorage.getItem(TURN_SOUND_KEY)).toBe('true');
  });

  it('asks the browser before turning notifications on, and says so when it refuses', async () => {
    const requestPermission = vi.fn(() => Promise.resolve('denied'));
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    render(<TurnAlertsForm />);
    const box = screen.getByRole('checkbox', { name: /browser notification/ });
    fireEvent.click(box);
    expect(await screen.findByText(/blocks notifications/)).toBeTruthy();
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(localStorage.getItem(TURN_NOTIFICATION_KEY)).toBeNull();

    requestPermission.mockResolvedValueOnce('granted');
    fireEvent.click(box);
    await waitFor(() => expect(localStorage.getItem(TURN_NOTIFICATION_KEY)).toBe('true'));
  });
});
