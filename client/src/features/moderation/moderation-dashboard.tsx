import * as Tabs from '@radix-ui/react-tabs';
import { Clock, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ModerationWaiting } from '../../../../common/moderation/screening';
import { PageMessage } from '../../components/ui/message-card';
import { cn } from '../../lib/cn';
import { timeAgo } from '../../lib/time';
import { AppealsTab } from './appeals-tab';
import { AuditLogTab } from './audit-log-tab';
import { HeldTab } from './held-tab';
import { useModerationWaiting } from './moderation-api';
import { ReportsTab } from './reports-tab';
import { RulesTab } from './rules-tab';
import { SanctionsTab } from './sanctions-tab';
import { StatisticsTab } from './statistics-tab';
import { StewardsTab } from './stewards-tab';
import { useModerationRole } from './moderation-role';

const tabs = [
  { value: 'reports', Panel: ReportsTab },
  { value: 'held', Panel: HeldTab },
  { value: 'appeals', Panel: AppealsTab },
  { value: 'statistics', Panel: StatisticsTab },
  { value: 'sanctions', Panel: SanctionsTab },
  { value: 'audit', Panel: AuditLogTab },
  { value: 'stewards', Panel: StewardsTab },
  { value: 'rules', Panel: RulesTab },
] as const;
/** What a steward sees: the reports, held items and appeals of their areas (decision 166). */
const STEWARD_TABS: readonly string[] = ['reports', 'held', 'appeals'];
const stewardTabs = tabs.filter((tab) => STEWARD_TABS.includes(tab.value));

type TabValue = (typeof tabs)[number]['value'];
/** The tabs whose queue is counted beside their name while anything waits. */
type WaitingQueue = keyof ModerationWaiting;
const isWaitingQueue = (tab: TabValue): tab is WaitingQueue => tab === 'held' || tab === 'reports';
const isTab = (value: string | null): value is TabValue => tabs.some((tab) => tab.value === value);

/** How many wait in a tab's queue, beside its name. */
function WaitingCount({ count }: { count: number }) {
  const { t } = useTranslation('moderation');
  if (count === 0) return null;
  return (
    <>
      {' '}
      <span
        aria-hidden
        className="ms-1 inline-flex min-w-5 items-center justify-center rounded-full bg-danger px-1.5 text-xs leading-5 font-semibold text-white dark:text-bg"
      >
        {count}
      </span>
      <span className="sr-only">({t('dashboard.waiting', { count })})</span>
    </>
  );
}

/** Above a queue: how many wait, and how long the oldest has. */
function WaitingNote({ queue }: { queue: ModerationWaiting[WaitingQueue] }) {
  const { t } = useTranslation('moderation');
  if (queue.count === 0 || !queue.oldestAt) return null;
  return (
    <p className="mb-4 flex items-center gap-2 text-sm text-muted">
      <Clock className="size-4 shrink-0" aria-hidden />
      <span>{t('dashboard.oldest', { count: queue.count, time: timeAgo(queue.oldestAt) })}</span>
    </p>
  );
}

/** Under the title: the whole site for moderators, the areas for a steward. */
function Intro() {
  const { t } = useTranslation('moderation');
  const { stewardOf } = useModerationRole();
  if (!stewardOf) return <p className="mt-1 text-muted">{t('dashboard.intro')}</p>;
  const places = stewardOf.map((area) => area.place).join('; ');
  return <p className="mt-1 text-muted">{t('dashboard.stewardIntro', { places })}</p>;
}

export function ModerationDashboard() {
  const { t } = useTranslation('moderation');
  const { stewardOf } = useModerationRole();
  const shown = stewardOf ? stewardTabs : tabs;
  // A steward's counts are of their areas alone (the server narrows them).
  const waiting = useModerationWaiting();
  // The bell item and the mail lead to a tab (`?tab=held`).
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const current: TabValue =
    isTab(asked) && shown.some((tab) => tab.value === asked) ? asked : 'reports';
  const choose = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <header className="mb-6">
        <h1 className="text-3xl font-bold">{t('dashboard.title')}</h1>
        <Intro />
      </header>
      <Tabs.Root value={current} onValueChange={choose}>
        <Tabs.List
          aria-label={t('dashboard.sections')}
          className="mb-6 grid grid-cols-2 gap-1 rounded-2xl border border-border bg-surface p-1 sm:flex sm:rounded-full"
        >
          {shown.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className={cn(
                'flex-1 cursor-pointer rounded-full px-4 py-2 text-sm font-medium whitespace-nowrap text-muted transition-colors',
                'hover:text-text data-[state=active]:bg-accent data-[state=active]:text-accent-fg',
              )}
            >
              {t(`dashboard.tabs.${tab.value}`)}
              {isWaitingQueue(tab.value) && waiting.data && (
                <WaitingCount count={waiting.data[tab.value].count} />
              )}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {shown.map(({ value, Panel }) => (
          <Tabs.Content key={value} value={value} className="outline-none">
            {isWaitingQueue(value) && waiting.data && <WaitingNote queue={waiting.data[value]} />}
            <Panel />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}

export function AccessDenied() {
  const { t } = useTranslation('moderation');
  return (
    <PageMessage
      icon={ShieldAlert}
      tone="danger"
      title={t('denied.title')}
      text={t('denied.body')}
    />
  );
}
