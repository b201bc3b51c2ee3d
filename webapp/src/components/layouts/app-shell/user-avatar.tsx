import { cn } from '@/lib/utils'

import { userInitials, type ShellUser } from './shell-user'

export type UserAvatarProps = {
  user: ShellUser | null | undefined
  className?: string
}

/** The user's initials in a circle; decorative, the name is always written next to it or in a label. */
export function UserAvatar({ user, className }: UserAvatarProps) {
  return (
    <span
      aria-hidden="true"
      data-testid="user-initials"
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground select-none',
        className,
      )}
    >
      {userInitials(user)}
    </span>
  )
}
