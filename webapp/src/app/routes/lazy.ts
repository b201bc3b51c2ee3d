import * as React from 'react'

/*
 * The form screens carry react-hook-form and zod, which the landing page (the
 * first page most visitors see) does not need: they load on demand.
 */
const loadLogin = () => import('./login')
const loadRegister = () => import('./register')
const loadSettings = () => import('./settings')

export const LoginRoute = React.lazy(() => loadLogin().then((m) => ({ default: m.LoginRoute })))
export const RegisterRoute = React.lazy(() => loadRegister().then((m) => ({ default: m.RegisterRoute })))
export const SettingsRoute = React.lazy(() => loadSettings().then((m) => ({ default: m.SettingsRoute })))

/** Fetches the form screens ahead of need (tests do this so no wait includes the download). */
export function preloadFormScreens(): Promise<unknown> {
  return Promise.all([loadLogin(), loadRegister(), loadSettings()])
}
