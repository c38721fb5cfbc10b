import { useId } from 'react';
import { ShieldCheck } from 'lucide-react';
import { Card } from '../../components/ui/card';

/** Beside the /post form: what may be shared, and that nothing is sold. */
export function CommunityRulesCard() {
  const id = useId();
  return (
    <Card className="bg-sage-soft p-5 sm:p-6" role="note" aria-labelledby={`${id}-rules`}>
      <h2 id={`${id}-rules`} className="flex items-center gap-2 font-semibold text-sage">
        <ShieldCheck className="size-5" aria-hidden />
        Community Rules
      </h2>
      <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm">
        <li>Only share healthy, active cultures.</li>
        <li>Gift economy: everything is free, no selling.</li>
        <li>Be honest about the condition of your starter.</li>
        <li>Include care instructions for the new owner.</li>
      </ul>
    </Card>
  );
}
