import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Ban, Report } from '@versus/common/api/moderation';
import { REPORT_CATEGORY_LABELS } from '@versus/common/moderation/moderation';
import { FormError } from '@/components/ui/form-error';
import { TextAreaField } from '@/components/ui/form-field';
import { LocalTime, RelativeTime } from '@/components/ui/local-time';
import { Modal } from '@/components/ui/modal';
import { Pager } from '@/components/ui/pager';
import { placeErrors } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import {
  useActOnReport,
  useBans,
  useLiftBan,
  useModerationLog,
  useReports,
  type ReportAction,
  type ReportFilter,
} from '../api/moderation';
import { AdminQueryState } from './admin-query-state';

const FILTERS: readonly { value: ReportFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'dismissed', label: 'Dismissed' },
  { value: 'warned', label: 'Warned' },
  { value: 'banned', label: 'Banned' },
  { value: 'all', label: 'All' },
];

/** Ban lengths offered; `null` is for good. */
const BAN_LENGTHS: readonly { value: string; label: string }[] = [
  { value: '1', label: '1 day' },
  { value: '3', label: '3 days' },
  { value: '7', label: '7 days' },
  { value: '14', label: '14 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'permanent', label: 'Permanently' },
];

const ACTION_TITLES = { dismiss: 'Dismiss report', warn: 'Warn', ban: 'Ban' } as const;

/** The dialog of one action on a report: its text field, and for a ban its length. Refusals are said here. */
function ActionDialog({
  report,
  kind,
  onClose,
}: {
  report: Report;
  kind: ReportAction['kind'];
  onClose: () => void;
}) {
  const act = useActOnReport();
  const id = useId();
  const [text, setText] = useState('');
  const [length, setLength] = useState('7');
  const field = kind === 'dismiss' ? 'note' : kind === 'warn' ? 'message' : 'reason';
  const errors = act.error ? placeErrors(act.error, [field, 'days']) : null;
  const textError = errors?.byField[field]?.[0];
  const label = kind === 'dismiss' ? 'Note (optional)' : kind === 'warn' ? 'Message to the player' : 'Reason';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const action: ReportAction =
      kind === 'dismiss'
        ? { kind, note: text }
        : kind === 'warn'
          ? { kind, message: text }
          : { kind, reason: text, days: length === 'permanent' ? null : Number(length) };
    act.mutate(
      { reportId: report.id, action },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          onClose();
        },
      },
    );
  };

  return (
    <Modal title={`${ACTION_TITLES[kind]}: ${report.reported.username}`} onClose={onClose}>
      <form className="form" onSubmit={handleSubmit}>
        {kind === 'ban' && (
          <div className="field">
            <label className="field-label" htmlFor={`${id}-length`}>
              Length
            </label>
            <select
              id={`${id}-length`}
              className="field-input"
              value={length}
              onChange={(e) => setLength(e.target.value)}
            >
              {BAN_LENGTHS.map((l) => (
                <option key={l.value} value={l.value}>
                  {l.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <TextAreaField
          label={label}
          rows={4}
          value={text}
          error={textError}
          onChange={(e) => setText(e.target.value)}
        />
        <FormError messages={[...(errors?.byField.days ?? []), ...(errors?.rest ?? [])]} />
        <div className="modal-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            No, go back
          </button>
          <button
            type="submit"
            className={kind === 'dismiss' ? 'button button-primary' : 'button button-danger'}
            disabled={act.isPending}
          >
            {ACTION_TITLES[kind]}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function Evidence({ report }: { report: Report }) {
  const { matchId, mapName, round, demoId, screenshotId } = report.evidence;
  const parts = [
    mapName && `map ${mapName}`,
    round !== null && `round ${String(round)}`,
    demoId !== null && `demo #${String(demoId)}`,
    screenshotId !== null && `screenshot #${String(screenshotId)}`,
  ].filter(Boolean);
  if (matchId === null && parts.length === 0) return null;
  return (
    <span className="muted">
      {' '}
      · evidence:{' '}
      {matchId !== null && (
        <>
          match <Link to={`/match/${String(matchId)}`}>#{matchId}</Link>
          {parts.length > 0 && ', '}
        </>
      )}
      {parts.join(', ')}
    </span>
  );
}

function ReportQueue() {
  const [status, setStatus] = useState<ReportFilter>('open');
  const [page, setPage] = useState(1);
  const [acting, setActing] = useState<{ report: Report; kind: ReportAction['kind'] } | null>(null);
  const query = useReports(status, page);
  const filterId = useId();
  return (
    <section className="card" aria-labelledby="admin-reports">
      <h2 id="admin-reports" className="section-title">
        Reports
      </h2>
      <div className="field moderation-filter">
        <label className="field-label" htmlFor={filterId}>
          Status
        </label>
        <select
          id={filterId}
          className="field-input"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as ReportFilter);
            setPage(1);
          }}
        >
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      {!query.isSuccess ? (
        <AdminQueryState error={query.error} what="The reports" />
      ) : query.data.data.length === 0 ? (
        <p className="muted">No reports here.</p>
      ) : (
        <ul className="plain-list admin-list" aria-label="Reports">
          {query.data.data.map((r) => (
            <li key={r.id} className="admin-row moderation-report">
              <span className="admin-row-main">
                <b>
                  <Link to={`/user/${encodeURIComponent(r.reported.username)}`}>{r.reported.username}</Link>
                </b>{' '}
                <span className="tag">{REPORT_CATEGORY_LABELS[r.category]}</span>{' '}
                {r.status !== 'open' && <span className="status-badge">{r.status}</span>}
                {r.reportedBan && <span className="tag tag-danger">banned</span>}
                <span className="muted">
                  {' '}
                  · by {r.reporter?.username ?? 'a deleted account'} · <RelativeTime iso={r.createdAt} />
                </span>
                <Evidence report={r} />
                <span className="moderation-text">{r.text}</span>
              </span>
              {r.status === 'open' && (
                <span className="admin-row-actions">
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    onClick={() => setActing({ report: r, kind: 'dismiss' })}
                  >
                    Dismiss
                  </button>
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    onClick={() => setActing({ report: r, kind: 'warn' })}
                  >
                    Warn
                  </button>
                  <button
                    type="button"
                    className="button button-danger button-small"
                    onClick={() => setActing({ report: r, kind: 'ban' })}
                  >
                    Ban
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {query.data && (
        <Pager page={page} lastPage={query.data.meta.last_page} onPage={setPage} label="Reports pages" />
      )}
      {acting && <ActionDialog report={acting.report} kind={acting.kind} onClose={() => setActing(null)} />}
    </section>
  );
}

function LiftDialog({ ban, onClose }: { ban: Ban; onClose: () => void }) {
  const lift = useLiftBan();
  const [reason, setReason] = useState('');
  const errors = lift.error ? placeErrors(lift.error, ['reason']) : null;
  const reasonError = errors?.byField.reason?.[0];
  return (
    <Modal title={`Lift the ban of ${ban.user.username}`} onClose={onClose}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          lift.mutate(
            { banId: ban.id, reason },
            {
              onSuccess: (answer) => {
                notify.success(answer.message);
                onClose();
              },
            },
          );
        }}
      >
        <TextAreaField
          label="Reason"
          rows={3}
          value={reason}
          error={reasonError}
          onChange={(e) => setReason(e.target.value)}
        />
        <FormError messages={errors?.rest ?? []} />
        <div className="modal-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            No, go back
          </button>
          <button type="submit" className="button button-primary" disabled={lift.isPending}>
            Lift ban
          </button>
        </div>
      </form>
    </Modal>
  );
}

function BanList() {
  const query = useBans();
  const [lifting, setLifting] = useState<Ban | null>(null);
  return (
    <section className="card" aria-labelledby="admin-bans">
      <h2 id="admin-bans" className="section-title">
        Bans in force
      </h2>
      {!query.isSuccess ? (
        <AdminQueryState error={query.error} what="The bans" />
      ) : query.data.length === 0 ? (
        <p className="muted">Nobody is banned.</p>
      ) : (
        <ul className="plain-list admin-list" aria-label="Bans in force">
          {query.data.map((b) => (
            <li key={b.id} className="admin-row">
              <span className="admin-row-main">
                <b>{b.user.username}</b>{' '}
                <span className="muted">
                  ·{' '}
                  {b.endsAt === null ? (
                    'permanently'
                  ) : (
                    <>
                      until <LocalTime iso={b.endsAt} style="dateTime" />
                    </>
                  )}{' '}
                  · by {b.createdBy?.username ?? 'an admin'}
                </span>
                <span className="moderation-text">{b.reason}</span>
                {b.appeal && (
                  <span className="moderation-text">
                    <b>Appeal</b> <RelativeTime iso={b.appeal.createdAt} />: {b.appeal.text}
                  </span>
                )}
              </span>
              <button
                type="button"
                className="button button-ghost button-small"
                onClick={() => setLifting(b)}
              >
                Lift
              </button>
            </li>
          ))}
        </ul>
      )}
      {lifting && <LiftDialog ban={lifting} onClose={() => setLifting(null)} />}
    </section>
  );
}

const ACTION_WORDS = {
  'report.dismissed': 'dismissed a report on',
  'user.warned': 'warned',
  'user.banned': 'banned',
  'ban.lifted': 'lifted the ban of',
  'appeal.opened': 'appealed their ban',
} as const;

function AuditLog() {
  const [page, setPage] = useState(1);
  const query = useModerationLog(page);
  return (
    <section className="card" aria-labelledby="admin-moderation-log">
      <h2 id="admin-moderation-log" className="section-title">
        Audit log
      </h2>
      {!query.isSuccess ? (
        <AdminQueryState error={query.error} what="The audit log" />
      ) : query.data.data.length === 0 ? (
        <p className="muted">No moderation action yet.</p>
      ) : (
        <ul className="plain-list admin-list" aria-label="Moderation audit log">
          {query.data.data.map((a) => (
            <li key={a.id} className="admin-row">
              <span className="admin-row-main">
                <b>{a.actor?.username ?? 'Someone'}</b> {ACTION_WORDS[a.action]}
                {a.action !== 'appeal.opened' && (
                  <>
                    {' '}
                    <b>{a.target?.username ?? '?'}</b>
                  </>
                )}
                <span className="muted">
                  {' '}
                  · <RelativeTime iso={a.createdAt} />
                </span>
                {a.note && <span className="moderation-text">{a.note}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
      {query.data && (
        <Pager page={page} lastPage={query.data.meta.last_page} onPage={setPage} label="Audit log pages" />
      )}
    </section>
  );
}

/** `/admin/moderation`: the reports queue and its actions, the bans in force, and the audit log. */
export function ModerationPage() {
  return (
    <>
      <h1>Moderation</h1>
      <ReportQueue />
      <BanList />
      <AuditLog />
    </>
  );
}
