import { useEffect, useRef, useState, type ReactNode } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { useLocation } from 'react-router';
import { LogOut, Pencil, Settings, Sparkles } from 'lucide-react';
import { displayName } from '../../../../common/members/display';
import type { CurrentUser } from '../../../../common/members/users';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { Card } from '../../components/ui/card';
import { timeAgo } from '../../lib/time';
import { ProfileDetails } from './profile-details';
import { ProfileEditForm } from './profile-edit-form';
import { paths } from '../../lib/paths';
import { useTranslation } from 'react-i18next';

/** The profile's tabs in their order; hand-overs only for a member who has some. */
const PROFILE_TABS = ['starters', 'activity', 'handovers', 'notifications'] as const;

const tabTrigger =
  'whitespace-nowrap rounded-full px-4 py-2 text-sm font-medium text-muted transition-colors hover:text-text ' +
  'data-[state=active]:bg-surface data-[state=active]:text-text data-[state=active]:shadow-sm';

/**
 * The signed-in member's /profile ("My Posts"): their starters (`myStarters`, composed by the
 * page from the starters feature), hand-overs and notifications first, then their details;
 * the account's settings are on their own page (decision 142).
 */
export function ProfileView({
  user,
  myStarters,
  myHandovers,
  notificationSettings,
  myAlerts,
  summary,
  marked,
}: {
  user: CurrentUser;
  myStarters: ReactNode;
  myHandovers?: ReactNode;
  /** Away, push and mail settings (features/account), first under Notifications. */
  notificationSettings?: ReactNode;
  /** The member's alerts, under Notifications. */
  myAlerts?: ReactNode;
  /** The member's public summary as others see it (kitchens reached included). */
  summary?: ReactNode;
  /** The listings the member saved and hid, under their own. */
  marked?: ReactNode;
}) {
  const { t } = useTranslation('account');
  const [editing, setEditing] = useState(false);
  const { search } = useLocation();
  const editButton = useRef<HTMLButtonElement>(null);
  const tabs = useRef<HTMLDivElement>(null);
  // "#notifications" (e.g. "Get fewer emails") opens the mail settings tab.
  // "?tab=notifications" (the notification centre's link to the mail choices) does the same.
  const [tab, setTab] = useState(() =>
    (typeof window !== 'undefined' && window.location.hash === '#notifications') ||
    new URLSearchParams(search).get('tab') === 'notifications'
      ? 'notifications'
      : 'starters',
  );
  useEffect(() => {
    const onHash = () => {
      if (window.location.hash !== '#notifications') return;
      setTab('notifications');
      requestAnimationFrame(() => {
        tabs.current?.scrollIntoView({ block: 'start' });
        tabs.current?.querySelector<HTMLElement>('[data-state="active"][role="tab"]')?.focus();
      });
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const leaveEdit = () => {
    setEditing(false);
    // Back in view mode, focus returns to where the member started.
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return (
    // min-w-0 down the page: a long word (a one-word title, a long name) wraps inside a phone's
    // width instead of widening the page.
    <div className="mx-auto grid max-w-4xl min-w-0 gap-6 px-4 py-8 sm:py-12">
      <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-3">
        <Avatar person={user} className="size-14 text-xl sm:size-16 [&>span]:text-xl" />
        {/* At least 12rem for the name: on a phone the settings link goes to the next line
            rather than squeezing the name a few letters wide. */}
        <div className="min-w-0 flex-1 basis-48">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="min-w-0 text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">
              {displayName(user)}
            </h1>
            {user.isModerator && <Badge tone="sage">{t('profile.moderator')}</Badge>}
          </div>
          <p className="mt-1 text-sm text-muted">
            {t('profile.joined', { ago: timeAgo(user.createdAt) })}
          </p>
        </div>
        <LinkButton to={paths.settings} icon={Settings} variant="outline" size="sm">
          {t('profile.settingsLink')}
        </LinkButton>
      </div>

      {/* min-w-0 and wrapping tabs: on a narrow phone the tabs take a second row, every one in
          sight, instead of widening the page grid or hiding past its edge. */}
      <Tabs.Root
        ref={tabs}
        id="notifications"
        value={tab}
        onValueChange={setTab}
        className="min-w-0 scroll-mt-20"
      >
        <Tabs.List
          aria-label={t('profile.activityTabs')}
          className="inline-flex max-w-full flex-wrap gap-1 rounded-3xl bg-surface-muted p-1"
        >
          {PROFILE_TABS.filter((name) => name !== 'handovers' || myHandovers).map((name) => (
            <Tabs.Trigger key={name} value={name} className={tabTrigger}>
              {t(`profile.tabs.${name}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="starters" className="mt-5 grid gap-5">
          {myStarters}
          {marked}
        </Tabs.Content>
        {myHandovers && (
          <Tabs.Content value="handovers" className="mt-5">
            {myHandovers}
          </Tabs.Content>
        )}
        <Tabs.Content value="notifications" className="mt-5 grid gap-5">
          {notificationSettings}
          {myAlerts}
        </Tabs.Content>
        <Tabs.Content value="activity" className="mt-5">
          <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <Sparkles className="size-8 text-accent" aria-hidden />
            <p className="text-lg font-semibold">{t('profile.activitySoon')}</p>
          </Card>
        </Tabs.Content>
      </Tabs.Root>

      <Card className="min-w-0 p-5 sm:p-8">
        {editing ? (
          <ProfileEditForm user={user} onDone={leaveEdit} />
        ) : (
          <>
            <ProfileDetails user={user} />
            {summary && (
              <section aria-label={t('profile.howOthersSee')} className="mt-5">
                {summary}
              </section>
            )}
            <div className="mt-5 flex flex-wrap gap-3">
              <Button ref={editButton} onClick={() => setEditing(true)}>
                <Pencil className="size-4" aria-hidden />
                {t('profile.edit')}
              </Button>
              <LinkButton to={paths.signOut} icon={LogOut} variant="outline" reloadDocument>
                {t('profile.signOut')}
              </LinkButton>
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
