import { Link, useLocation } from 'wouter'

import { routes } from '@/config/routes'
import { cn } from '@/lib/utils'

import { shellText, tabItems } from './content'
import { isNavItemActive, shortLabel } from './shell-user'

/**
 * The phone's bottom tab bar: five items with the first word of each label,
 * side by side without scrolling, so Crisis is one tap away on every screen;
 * it is drawn in red to be found at a glance. The top bar's menu has the rest.
 */
export function BottomTabBar() {
  const [location] = useLocation()
  return (
    <nav
      aria-label={shellText.tabNav}
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background pb-[env(safe-area-inset-bottom)] shadow-[0_-1px_3px_rgb(0_0_0/0.04)] lg:hidden"
    >
      <ul className="mx-auto grid max-w-lg grid-cols-5 px-1">
        {tabItems.map((item) => {
          const active = isNavItemActive(item.path, location)
          const crisis = item.path === routes.crisis.path
          const Icon = item.icon
          return (
            <li key={item.path} className="min-w-0">
              <Link
                href={item.path}
                aria-label={item.label}
                aria-current={active ? 'page' : undefined}
                data-crisis={crisis || undefined}
                className={cn(
                  'flex h-16 flex-col items-center justify-center gap-1 rounded-lg text-[0.6875rem] leading-none font-medium text-muted-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-inset',
                  active && 'text-primary',
                  crisis && 'font-semibold text-red-700 dark:text-red-300',
                )}
              >
                <span
                  className={cn(
                    'flex h-7 w-11 items-center justify-center rounded-full transition-colors',
                    active && 'bg-primary/15',
                    crisis && (active ? 'bg-red-600 text-white dark:bg-red-700' : 'bg-red-500/12 dark:bg-red-400/15'),
                  )}
                >
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {shortLabel(item.label)}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
