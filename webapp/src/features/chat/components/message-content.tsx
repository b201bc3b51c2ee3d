import { Link } from 'wouter'

import { linkify } from '../utils/linkify'

const linkClass =
  'rounded-sm font-semibold text-primary underline underline-offset-2 outline-none hover:no-underline focus-visible:ring-[3px] focus-visible:ring-ring'

/** An assistant reply as plain text, with "/crisis" as an in-app link and helpline numbers as tel: links. */
export function MessageContent({ content }: { content: string }) {
  return (
    <>
      {linkify(content).map((segment, i) => {
        switch (segment.kind) {
          case 'text':
            return <span key={i}>{segment.text}</span>
          case 'path':
            return (
              <Link key={i} href={segment.href} className={linkClass}>
                {segment.text}
              </Link>
            )
          case 'tel':
            return (
              <a key={i} href={segment.href} className={linkClass}>
                {segment.text}
              </a>
            )
        }
      })}
    </>
  )
}
