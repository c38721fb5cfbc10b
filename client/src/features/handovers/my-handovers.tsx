import { Link } from 'react-router';
import { CalendarClock, PackageCheck } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { useMyHandovers } from './handovers-api';
import { whenText } from './when-text';

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
  const reserved = query.data.filter((h) => h.kind === 'reserved');
  const received = query.data.filter((h) => h.kind === 'received');
  if (query.data.length === 0) {
    return (
      <Card className="p-10 text-center">
        <p className="text-4xl" aria-hidden>
          🫙
        </p>
        <p className="mt-3 text-lg font-semibold">Nothing reserved or received yet</p>
        <Button asChild className="mt-5">
          <Link to={paths.browse}>Browse Starters</Link>
        </Button>
      </Card>
    );
  }
  return (
    <div className="grid gap-6">
      {[
        { title: 'Reserved for you', items: reserved, icon: CalendarClock },
        { title: 'Received', items: received, icon: PackageCheck },
      ].map(({ title, items, icon: Icon }) =>
        items.length === 0 ? null : (
          <section key={title} aria-label={title}>
            <h2 className="mb-2 text-lg font-semibold">{title}</h2>
            <ul className="grid gap-2">
              {items.map((item) => (
                <li key={`${item.kind}-${item.reservationId ?? item.handoverId}`}>
                  <Card className="flex items-center gap-3 p-4">
                    <Icon className="size-5 shrink-0 text-accent" aria-hidden />
                    <div className="min-w-0">
                      <Link
                        to={paths.starter.href(item.starterId)}
                        className="font-medium hover:underline"
                      >
                        {item.starterTitle}
                      </Link>
                      <p className="text-sm text-muted">
                        from {item.ownerName}
                        {item.at ? ` · ${whenText(item.at)}` : ''}
                      </p>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          </section>
        ),
      )}
    </div>
  );
}
