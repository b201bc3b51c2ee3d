/** Query keys of the early-warning signals. */
export const signalKeys = {
  all: ['/api', 'signals'] as const,
}
