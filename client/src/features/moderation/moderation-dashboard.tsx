import * as Tabs from '@radix-ui/react-tabs';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { AppealsTab } from './appeals-tab';
import { AuditLogTab } from './audit-log-tab';
import { HeldTab } from './held-tab';
import { ReportsTab } from './reports-tab';
import { RulesTab } from './rules-tab';
import { SanctionsTab } from './sanctions-tab';
import { StatisticsTab } from './statistics-tab';

const tabs = [
  { value: 'reports', Panel: ReportsTab },
  { value: 'held', Panel: HeldTab },
  { value: 'appeals', Panel: AppealsTab },
  { value: 'statistics', Panel: StatisticsTab },
  { value: 'sanctions', Panel: SanctionsTab },
  { value: 'audit', Panel: AuditLogTab },
  { value: 'rules', Panel: RulesTab },
] as const;

export function ModerationDashboard() {
  const { t } = useTranslation('moderation');
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <header className="mb-6">
        <h1 className="text-3xl font-bold">{t('dashboard.title')}</h1>
        <p className="mt-1 text-muted">{t('dashboard.intro')}</p>
      </header>
      <Tabs.Root defaultValue="reports">
        <Tabs.List
          aria-label={t('dashboard.sections')}
          className="mb-6 grid grid-cols-2 gap-1 rounded-2xl border border-border bg-surface p-1 sm:flex sm:rounded-full"
        >
          {tabs.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className={cn(
                'flex-1 cursor-pointer rounded-full px-4 py-2 text-sm font-medium whitespace-nowrap text-muted transition-colors',
                'hover:text-text data-[state=active]:bg-accent data-[state=active]:text-accent-fg',
              )}
            >
              {t(`dashboard.tabs.${tab.value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map(({ value, Panel }) => (
          <Tabs.Content key={value} value={value} className="outline-none">
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
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="p-8 text-center">
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-danger-soft">
          <ShieldAlert className="size-6 text-danger" aria-hidden />
        </div>
        <h1 className="text-2xl font-bold">{t('denied.title')}</h1>
        <p className="mt-2 text-muted">{t('denied.body')}</p>
      </Card>
    </div>
  );
}
