import { UserRound } from 'lucide-react';
import { cn } from '#client/lib/utils';
import { initialsOf } from '#client/lib/initials';

const sizes = { sm: 'h-10 w-10 text-sm', lg: 'h-20 w-20 text-2xl' } as const;

/** A round avatar: the user's picture when there is one, else up to two initials of the display name. */
export function UserAvatar({
  displayName,
  avatar,
  size = 'sm',
  className,
}: {
  displayName: string;
  avatar?: string | null;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const initials = initialsOf(displayName);
  return (
    <span
      className={cn(
        'inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-glow-500 to-glow-600 font-semibold tracking-wide text-white',
        sizes[size],
        className,
      )}
    >
      {avatar ? (
        <img src={avatar} alt="" className="h-full w-full object-cover" />
      ) : initials ? (
        initials
      ) : (
        <UserRound className="h-1/2 w-1/2" aria-hidden />
      )}
    </span>
  );
}
