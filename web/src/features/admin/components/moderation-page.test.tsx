// The admin Moderation page: the open reports with their evidence, a ban asked in a dialog (the server's
// refusal said in it, then the ban sent with its length), and the bans in force with their appeal.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Ban, ModerationAction, Report } from '@versus/common/api/moderation';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi } from '@/testing/admin-factories';
import { renderApp } from '@/testing/render-app';

const meta = { current_page: 1, last_page: 1, per_page: 20, total: 1, from: 1, to: 1 };
const links = { first: '', last: '', prev: null, next: null };

const report: Report = {
  id: 5,
  category: 'griefing',
  text: 'Team killed me on purpose.',
  status: 'open',
  reporter: { id: 1, username: 'player1' },
  reported: { id: 7, username: 'player7' },
  evidence: { matchId: 12, mapName: 'mp_crash', round: 4, demoId: null, screenshotId: null },
  reportedBan: null,
  handledBy: null,
  handledAt: null,
  createdAt: '2026-01-01T10:00:00.000Z',
};

const ban: Ban = {
  id: 3,
  user: { id: 8, username: 'player8' },
  reason: 'Abuse.',
  reportId: 2,
  evidence: {},
  startsAt: '2026-01-01T10:00:00.000Z',
  endsAt: null,
  createdBy: { id: 99, username: 'admin' },
  liftedAt: null,
  liftReason: null,
  inForce: true,
  appeal: { id: 1, text: 'It was my brother.', createdAt: '2026-01-02T10:00:00.000Z' },
};

const action: ModerationAction = {
  id: 1,
  action: 'user.banned',
  actor: { id: 99, username: 'admin' },
  target: { id: 8, username: 'player8' },
  reportId: 2,
  banId: 3,
  note: 'Permanently: Abuse.',
  createdAt: '2026-01-01T10:00:00.000Z',
};

describe('the admin Moderation page', () => {
  it('bans from a report after the dialog, saying a refusal in it', async () => {
    let attempts = 0;
    const api = fakeAdminApi({
      'GET /api/v1/admin/reports?status=open&page=1': { status: 200, body: { data: [report], meta, links } },
      'GET /api/v1/admin/bans': { status: 200, body: { data: [ban] } },
      'GET /api/v1/admin/moderation-log?page=1': { status: 200, body: { data: [action], meta, links } },
      'POST /api/v1/admin/reports/5/ban': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 422,
              body: {
                message: 'The reason field is required.',
                errors: { reason: ['The reason field is required.'] },
              },
            }
          : { status: 200, body: { message: 'Player banned.', data: { ...report, status: 'banned' } } };
      },
    });
    renderApp('/admin/moderation');
    const reports = await screen.findByRole('list', { name: 'Reports' });
    expect(reports.textContent).toContain('Team killed me on purpose.');
    expect(reports.textContent).toContain('map mp_crash, round 4');
    const bans = await screen.findByRole('list', { name: 'Bans in force' });
    expect(bans.textContent).toContain('It was my brother.');
    expect((await screen.findByRole('list', { name: 'Moderation audit log' })).textContent).toContain(
      'Permanently: Abuse.',
    );

    fireEvent.click(within(reports).getByRole('button', { name: 'Ban' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban: player7' });
    fireEvent.change(within(dialog).getByLabelText('Length'), { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await within(dialog).findByText('The reason field is required.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Team killing.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ban: player7' })).toBeNull());
    const sent = api.requests
      .filter((r) => r.method === 'post')
      .map((r) => JSON.parse(String(r.data)) as unknown);
    expect(sent).toEqual([
      { reason: '', days: 7 },
      { reason: 'Team killing.', days: 7 },
    ]);
  });
});
