import type * as React from 'react'
import { Link } from 'wouter'

import { routes } from '@/config/routes'

import { authText } from '../content'

export type AuthLinkProps = {
  href: string
  children: React.ReactNode
}

/** A quiet text link between the auth screens. */
export function AuthLink({ href, children }: AuthLinkProps) {
  return (
    <Link
      href={href}
      className="rounded-sm font-semibold text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring"
    >
      {children}
    </Link>
  )
}

/** The way back from the password screens to the sign-in page. */
export function BackToSignIn() {
  return (
    <p className="text-center text-sm">
      <AuthLink href={routes.login.path}>{authText.forgot.back}</AuthLink>
    </p>
  )
}
