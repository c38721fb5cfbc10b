import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { initials, type NamedPerson } from '../../../../common/members/display';
import { cn } from '../../lib/cn';

/** Profile image, else initials (spec §2 header, §9). */
export function Avatar({
  person,
  className,
}: {
  person: (NamedPerson & { profileImageUrl?: string | null }) | null | undefined;
  className?: string;
}) {
  return (
    <AvatarPrimitive.Root
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent-soft',
        className,
      )}
    >
      {person?.profileImageUrl && (
        <AvatarPrimitive.Image
          src={person.profileImageUrl}
          alt=""
          className="size-full object-cover"
        />
      )}
      <AvatarPrimitive.Fallback className="text-sm font-semibold text-accent-hover dark:text-accent">
        {initials(person)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
