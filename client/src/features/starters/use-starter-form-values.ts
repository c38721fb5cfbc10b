import { useEffect, useState } from 'react';
import {
  createStarterSchema,
  STARTER_FORM_DEFAULTS,
  type CreateStarterInput,
  type Starter,
} from '../../../../common/listings/starters';
import { readDraft, saveDraft } from '../../lib/drafts';
import { useZodForm } from '../../lib/use-zod-form';
import { valuesOf } from './post-starter-values';

/** The draft of /post kept in this tab (lib/drafts) until the listing is posted. */
const POST_DRAFT = 'post-starter';

function readPostDraft(memberId: string | undefined): Partial<CreateStarterInput> | undefined {
  const text = readDraft(memberId, POST_DRAFT);
  if (!text) return undefined;
  try {
    const values: unknown = JSON.parse(text);
    return values && typeof values === 'object'
      ? (values as Partial<CreateStarterInput>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the draft of /post once its listing is posted. */
export const clearPostDraft = (memberId: string | undefined) => saveDraft(memberId, POST_DRAFT, '');

/**
 * The starter form's values: the empty form, then the listing being edited, then `prefill`;
 * for /post (`draftOf`, the signed-in member) what was typed before — a failed post, a reload,
 * a page left by mistake — comes back, and what is typed is kept as the draft.
 */
export function useStarterFormValues({
  prefill,
  edited,
  draftOf,
}: {
  prefill?: Partial<CreateStarterInput>;
  edited?: Starter;
  draftOf?: string;
}) {
  const [startValues] = useState(() => {
    const base = { ...STARTER_FORM_DEFAULTS, ...(edited ? valuesOf(edited) : {}), ...prefill };
    const draft = draftOf ? readPostDraft(draftOf) : undefined;
    return { base, draft };
  });

  const form = useZodForm(createStarterSchema, {
    defaultValues: { ...startValues.base, ...startValues.draft },
    // Focus goes to the first invalid field on screen (the form's focusFirstInvalid), not the first registered.
    shouldFocusError: false,
  });

  useEffect(() => {
    if (!draftOf) return;
    const unchanged = JSON.stringify(startValues.base);
    const subscription = form.watch((values) => {
      const text = JSON.stringify({ ...startValues.base, ...values });
      saveDraft(draftOf, POST_DRAFT, text === unchanged ? '' : text);
    });
    return () => subscription.unsubscribe();
  }, [form, startValues, draftOf]);

  return { form, hadDraft: !!startValues.draft };
}
