import * as React from 'react'

/** The account's "Advanced" switch, given once by the signed-in layout from the signed-in user. */
export const AdvancedContext = React.createContext(false)

/**
 * Whether the person turned on "Advanced" in Settings: only then do screens
 * show the developer tools (a bracelet's tester view, the simulator's
 * command, raw packets). Off by default and outside the signed-in layout.
 */
export function useAdvanced(): boolean {
  return React.useContext(AdvancedContext)
}
