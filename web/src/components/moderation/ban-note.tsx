import { LocalTime } from '@/components/ui/local-time';

/** "Banned until <date>" (in the viewer's time zone) or "Banned permanently", on a profile. */
export function BanNote({ endsAt }: { endsAt: string | null }) {
  return (
    <p className="ban-note" role="status">
      {endsAt === null ? (
        'Banned permanently'
      ) : (
        <>
          Banned until <LocalTime iso={endsAt} style="dateTime" />
        </>
      )}
    </p>
  );
}
