import { HeartHandshake, Info } from 'lucide-react';
import { ownerName } from '../../../common/display';
import { useReceivedCulture } from '../features/lineage/lineage-api';
import { LineageFields, prefillFrom } from '../features/lineage/lineage-fields';
import { PostStarterForm as StarterForm } from '../features/starters/post-starter-form';
import type { CreateStarterInput } from '../../../common/starters';

/** The starters feature's form with the lineage feature's "Where it comes from" in it. */
function PostStarterForm({ prefill }: { prefill?: Partial<CreateStarterInput> }) {
  return <StarterForm prefill={prefill} LineageFields={LineageFields} />;
}

export const HANDOVER_NOT_FOUND_NOTICE =
  'We couldn’t find that hand-over among the cultures you received here, so the form starts empty. You can still choose where your culture came from below.';

function Notice({ children, icon }: { children: React.ReactNode; icon: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl px-4 pt-6 sm:pt-8">
      <p
        role="status"
        className="flex items-start gap-2 rounded-xl bg-sage-soft p-4 text-sm text-text"
      >
        {icon}
        <span>{children}</span>
      </p>
    </div>
  );
}

/**
 * /post, or /post?from=<handoverId>: the form filled in from a culture the member received here
 * (its type, form, the giver's care notes and its parent), so passing it on is quick. A
 * hand-over that is not theirs opens the empty form with a polite notice.
 */
export function PostStarterFromHandover({ from }: { from: string | null }) {
  const handoverId = from !== null && /^\d{1,9}$/.test(from) ? Number(from) : null;
  const received = useReceivedCulture(handoverId);
  if (from === null) return <PostStarterForm />;
  if (handoverId !== null && received.isPending) {
    return (
      <p role="status" className="sr-only">
        Loading the culture you received…
      </p>
    );
  }
  if (received.data) {
    const culture = received.data;
    return (
      <>
        <Notice icon={<HeartHandshake className="mt-0.5 size-4 shrink-0 text-sage" aria-hidden />}>
          Passing on <strong>{culture.title}</strong> from {ownerName(culture.giver)}: its type,
          form and care notes are filled in, and its family tree will show your listing as the next
          generation. Add your own description and location.
        </Notice>
        <PostStarterForm key={culture.handoverId} prefill={prefillFrom(culture)} />
      </>
    );
  }
  return (
    <>
      <Notice icon={<Info className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />}>
        {HANDOVER_NOT_FOUND_NOTICE}
      </Notice>
      <PostStarterForm />
    </>
  );
}
