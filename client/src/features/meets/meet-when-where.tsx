import { CalendarDays, MapPin } from 'lucide-react';
import { cn } from '../../lib/cn';
import { meetWhen } from './meet-when';

/**
 * A meet's when and where, each after its icon: in small text in a list, full size on the meet's
 * own page. The icon stands level with the first line of its text.
 */
export function MeetWhenWhere({
  meet,
  where,
  small = false,
}: {
  meet: { startsAt: string; endsAt: string };
  where: string;
  small?: boolean;
}) {
  const line = cn('flex items-start gap-2', small && 'text-sm');
  const icon = cn(small ? 'mt-0.5' : 'mt-1', 'size-4 shrink-0');
  return (
    <>
      <p className={line}>
        <CalendarDays className={icon} aria-hidden />
        {meetWhen(meet.startsAt, meet.endsAt)}
      </p>
      <p className={line}>
        <MapPin className={icon} aria-hidden />
        {where}
      </p>
    </>
  );
}
