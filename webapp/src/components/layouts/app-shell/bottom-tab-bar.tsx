import * as React from 'react'
import { Link, useLocation } from 'wouter'

import { cn } from '@/lib/utils'

import { navItems, shellText } from './content'
import { isNavItemActive, shortLabel } from './shell-user'

/**
 * The phone's bottom tab bar: the nine items with the first word of each
 * label. Nine do not fit on a 360 px screen, so the row scrolls sideways and
 * keeps the active item in view.
 */
export function BottomTabBar() {
  const [location] = useLocation()
  const listRef = React.useRef<HTMLUListElement>(null)

  React.useEffect(() => {
    const list = listRef.current
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]')?.parentElement
    if (!list || !active) return
    list.scrollLeft = active.offsetLeft - (list.clientWidth - active.offsetWidth) / 2
  }, [location])

  return (
    <nav
      aria-label={shellText.tabNav}
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background pb-[env(safe-area-inset-bottom)] shadow-[0_-1px_3px_rgb(0_0_0/0.04)] lg:hidden"
    >
      <ul
        ref={listRef}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain px-1 [scrollbar-width:none] sm:justify-center [&::-webkit-scrollbar]:hidden"
      >
        {navItems.map((item) => {
          const active = isNavItemActive(item.path, location)
          const Icon = item.icon
          return (
            <li key={item.path} className="shrink-0 snap-start">
              <Link
                href={item.path}
                aria-label={item.label}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex h-16 w-[4.25rem] flex-col items-center justify-center gap-1 rounded-lg text-[0.6875rem] leading-none font-medium text-muted-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-inset',
                  active && 'text-primary',
                )}
              >
                <span
                  className={cn(
                    'flex h-7 w-11 items-center justify-center rounded-full transition-colors',
                    active && 'bg-primary/15',
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
