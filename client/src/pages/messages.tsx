import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { SignInRequired } from '../features/account/auth/sign-in-required';
import { useCurrentUser } from '../lib/current-user';
import { BlockMemberButton } from '../features/blocks/block-member-button';
import { ReliabilitySummary } from '../features/handovers/reliability-summary';
import { ThreadHandoverPanel } from '../features/handovers/thread-handover-panel';
import { MessagesView } from '../features/messages/messages-view';
import type { ThreadExtras } from '../features/messages/thread-header';
import { PrintLabelsButton } from '../features/starters/jar-labels-dialog';
import { starterQueries } from '../features/starters/starters-api';
import { usePageTitle } from '../lib/use-document-title';

function HeaderSummary({ userId }: { userId: string }) {
  return <ReliabilitySummary userId={userId} className="mt-1 text-xs [&_p]:text-xs" />;
}

function More({ otherId, otherName }: { otherId: string; otherName: string }) {
  return <BlockMemberButton memberId={otherId} name={otherName} />;
}

const printLabels = (starterId: number) => <PrintLabelsButton starterId={starterId} />;

function Toolbar(props: ComponentProps<typeof ThreadHandoverPanel>) {
  return <ThreadHandoverPanel {...props} printLabels={printLabels} />;
}

const threadExtras: ThreadExtras = { Summary: HeaderSummary, Toolbar, More };

export default function Page() {
  const { t } = useTranslation('conversations');
  usePageTitle('messages');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!user) return <SignInRequired message={t('pages.messagesSignIn')} />;
  return (
    <MessagesView meId={user.id} starterQuery={starterQueries.detail} threadExtras={threadExtras} />
  );
}
