import * as Tabs from '@radix-ui/react-tabs';
import { ShieldAlert } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { AppealsTab } from './appeals-tab';
import { AuditLogTab } from './audit-log-tab';
import { ReportsTab } from './reports-tab';
import { SanctionsTab } from './sanctions-tab';
import { StatisticsTab } from './statistics-tab';

const tabs = [
  { value: 'reports', label: 'Reports', Panel: ReportsTab },
  { value: 'appeals', label: 'Appeals', Panel: AppealsTab },
  { value: 'statistics', label: 'Statistics', Panel: StatisticsTab },
  { value: 'sanctions', label: 'Sanctions', Panel: SanctionsTab },
  { value: 'audit', label: 'Audit Log', Panel: AuditLogTab },
] as const;

export function ModerationDashboard() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <header className="mb-6">
        <h1 className="text-3xl font-bold">Moderation Dashboard</h1>
        <p className="mt-1 text-muted">
          Review reports from the community and keep sharing safe, free and friendly.
        </p>
      </header>
      <Tabs.Root defaultValue="reports">
        <Tabs.List
          aria-label="Moderation sections"
          className="mb-6 grid grid-cols-2 gap-1 rounded-2xl border border-border bg-surface p-1 sm:flex sm:rounded-full"
        >
          {tabs.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className={cn(
                'flex-1 cursor-pointer rounded-full px-4 py-2 text-sm font-medium whitespace-nowrap text-muted transition-colors',
                'hover:text-text data-[state=active]:bg-accent data-[state=active]:text-accent-fg',
              )}
            >
              {t.label}
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
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="p-8 text-center">
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-danger-soft">
          <ShieldAlert className="size-6 text-danger" aria-hidden />
        </div>
        <h1 className="text-2xl font-bold">Access Denied</h1>
        <p className="mt-2 text-muted">
          You don&apos;t have moderator permissions to access this page.
        </p>
      </Card>
    </div>
  );
}
