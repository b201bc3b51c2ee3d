export type SkipLinkProps = {
  targetId: string
  children: React.ReactNode
}

/** First focusable element of a page: jumps keyboard users past the header. */
export function SkipLink({ targetId, children }: SkipLinkProps) {
  return (
    <a
      href={`#${targetId}`}
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:px-4! focus:py-2! focus:top-3 focus:left-3 focus:outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
    >
      {children}
    </a>
  )
}
