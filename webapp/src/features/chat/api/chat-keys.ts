/** Mutation keys of the chat feature (nothing is queried: the conversation lives in the browser). */
export const chatKeys = {
  all: ['chat'] as const,
  send: () => [...chatKeys.all, 'send'] as const,
}
