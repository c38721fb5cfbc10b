import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CalendarClock, Gift, PackageCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../../common/members/display';
import type { MyHandovers as MyHandoversData } from '../../../../common/conversations/handovers';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/message-card';
import { LoadingNote, Skeleton } from '../../components/ui/skeleton';
import { paths } from '../../lib/paths';
import { useMyHandovers } from './handovers-api';
import { HealthCheckLine } from './health-check';
import { whenText } from './when-text';

type Brief = MyHandoversData['received'][number]['starter'];

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

/**
 * The profile's "My Hand-overs": what is reserved for the member (with times) and received.
 * `onReceived` adds to each culture the member confirmed receiving (the page composes it).
 */
export function MyHandovers({ onReceived }: { onReceived?: (starter: Brief) => ReactNode } = {}) {
  const { t } = useTranslation('conversations');
  const query = useMyHandovers();
  const ownerName = (owner: Parameters<typeof displayName>[0]) =>
    displayName(owner, t('anonymous'));
  if (query.isPending) {
    return (
      <div className="grid gap-3">
        <LoadingNote>{t('mine.loading')}</LoadingNote>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Card className="p-8 text-center" role="alert">
        <p className="font-semibold">{t('mine.failed')}</p>
        <Button className="mt-4" variant="outline" onClick={() => void query.refetch()}>
          {t('tryAgain')}
        </Button>
      </Card>
    );
  }
  const reserved = query.data.reservedForMe.filter((r) => r.status === 'active');
  const { received, given } = query.data;
  if (reserved.length + received.length + given.length === 0) {
    return (
      <EmptyState title={t('mine.emptyTitle')} text={t('mine.emptyText')}>
        <Button asChild className="mt-5">
          <Link to={paths.browse}>{t('mine.browse')}</Link>
        </Button>
      </EmptyState>
    );
  }
  const iconClass = 'size-5 shrink-0 text-accent';
  return (
    <div className="grid gap-6">
      {reserved.length > 0 && (
        <Section title={t('mine.reservedForYou')}>
          {reserved.map((r) => (
            <Row
              key={r.id}
              icon={<CalendarClock className={iconClass} aria-hidden />}
              starter={r.starter}
              detail={
                r.at
                  ? t('mine.fromPickup', {
                      owner: ownerName(r.starter.owner),
                      when: whenText(r.at),
                    })
                  : t('mine.fromNoTime', { owner: ownerName(r.starter.owner) })
              }
            />
          ))}
        </Section>
      )}
      {received.length > 0 && (
        <Section title={t('mine.received')}>
          {received.map((h) => (
            <Row
              key={h.id}
              icon={<PackageCheck className={iconClass} aria-hidden />}
              starter={h.starter}
              detail={t('mine.fromStatus', {
                owner: ownerName(h.starter.owner),
                status: t(`mine.status.${h.status}`),
              })}
              extra={
                <>
                  <HealthCheckLine check={h.healthCheck} className="mt-1" />
                  {h.status === 'received' && onReceived?.(h.starter)}
                </>
              }
            />
          ))}
        </Section>
      )}
      {given.length > 0 && (
        <Section title={t('mine.given')}>
          {given.map((h) => (
            <Row
              key={h.id}
              icon={<Gift className={iconClass} aria-hidden />}
              starter={h.starter}
              detail={t('mine.to', {
                name: h.recipient ? ownerName(h.recipient) : t('mine.someoneElse'),
              })}
            />
          ))}
        </Section>
      )}
    </div>
  );
}
