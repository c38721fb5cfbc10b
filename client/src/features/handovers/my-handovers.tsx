import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CalendarClock, Gift, PackageCheck } from 'lucide-react';
import { ownerName } from '../../../../common/display';
import type { MyHandovers as MyHandoversData } from '../../../../common/handovers';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { paths } from '../../lib/paths';
import { useMyHandovers } from './handovers-api';
import { HealthCheckLine } from './health-check';
import { whenText } from './when-text';

type Brief = MyHandoversData['received'][number]['starter'];

const HANDOVER_STATUS_TEXT = {
  given: 'waiting for your “Received”',
  received: 'received',
  not_received: 'didn’t happen',
} as const;

function Row({
  icon,
  starter,
  detail,
  extra,
}: {
  icon: ReactNode;
  starter: Brief;
  detail: string;
  extra?: ReactNode;
}) {
  return (
    <li>
      <Card className="flex items-center gap-3 p-4">
        {icon}
        <div className="min-w-0">
          <Link
            to={paths.starter.href(starter.id)}
            className="font-medium wrap-anywhere hover:underline"
          >
            {starter.title}
          </Link>
          <p className="text-sm text-muted">{detail}</p>
          {extra}
        </div>
      </Card>
    </li>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      <ul className="grid gap-2">{children}</ul>
    </section>
  );
}

/** The profile's "My Hand-overs": what is reserved for the member (with times) and received. */
export function MyHandovers() {
  const query = useMyHandovers();
  if (query.isPending) {
    return (
      <div className="grid gap-3">
        <span className="sr-only" role="status">
          Loading your hand-overs…
        </span>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Card className="p-8 text-center" role="alert">
        <p className="font-semibold">Failed to load your hand-overs</p>
        <Button className="mt-4" variant="outline" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </Card>
    );
  }
  const reserved = query.data.reservedForMe.filter((r) => r.status === 'active');
  const { received, given } = query.data;
  if (reserved.length + received.length + given.length === 0) {
    return (
      <Card className="p-10 text-center">
        <p className="text-4xl" aria-hidden>
          🫙
        </p>
        <p className="mt-3 text-lg font-semibold">Nothing reserved or received yet</p>
        <p className="mt-1 text-muted">When someone reserves a portion for you, it shows here.</p>
        <Button asChild className="mt-5">
          <Link to={paths.browse}>Browse Starters</Link>
        </Button>
      </Card>
    );
  }
  const iconClass = 'size-5 shrink-0 text-accent';
  return (
    <div className="grid gap-6">
      {reserved.length > 0 && (
        <Section title="Reserved for you">
          {reserved.map((r) => (
            <Row
              key={r.id}
              icon={<CalendarClock className={iconClass} aria-hidden />}
              starter={r.starter}
              detail={`from ${ownerName(r.starter.owner)}${r.at ? ` · pickup ${whenText(r.at)}` : ' · no time set yet'}`}
            />
          ))}
        </Section>
      )}
      {received.length > 0 && (
        <Section title="Received">
          {received.map((h) => (
            <Row
              key={h.id}
              icon={<PackageCheck className={iconClass} aria-hidden />}
              starter={h.starter}
              detail={`from ${ownerName(h.starter.owner)} · ${HANDOVER_STATUS_TEXT[h.status]}`}
              extra={<HealthCheckLine check={h.healthCheck} className="mt-1" />}
            />
          ))}
        </Section>
      )}
      {given.length > 0 && (
        <Section title="Given">
          {given.map((h) => (
            <Row
              key={h.id}
              icon={<Gift className={iconClass} aria-hidden />}
              starter={h.starter}
              detail={`to ${h.recipient ? ownerName(h.recipient) : 'someone not on CultureShare'}`}
            />
          ))}
        </Section>
      )}
    </div>
  );
}
