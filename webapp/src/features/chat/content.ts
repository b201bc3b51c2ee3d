/**
 * Every text of the chat screen, in one place for the components and their
 * tests. Exact docs/spec.md strings are marked; the rest is ours.
 */
export const chatText = {
  pageTitle: 'AI Support Assistant · Lifeline',
  title: 'AI Support Assistant',
  description: 'A calm place to talk things through, any time. It is not a therapist and cannot give medical advice.',
  // docs/spec.md, exact.
  greeting: "Hello! I'm here to support you on your recovery journey. How can I help you today?",
  crisisBanner: 'In crisis or thinking about hurting yourself? Call or text',
  crisisBannerOr: 'or open',
  crisisLink: 'Crisis Resources',
  conversation: 'Conversation',
  you: 'You',
  assistant: 'Assistant',
  messageLabel: 'Message',
  placeholder: 'Type your message…',
  keyboardHint: 'Enter to send, Shift+Enter for a new line',
  send: 'Send',
  sendLabel: 'Send message',
  typing: 'The assistant is typing…',
  notDelivered: 'Not delivered.',
  retry: 'Send again',
  clear: 'Clear conversation',
  clearTitle: 'Clear this conversation?',
  clearBody: 'The messages will be removed from this browser. This cannot be undone.',
  clearCancel: 'Keep it',
  clearConfirm: 'Clear',
  privacy:
    'This conversation is kept only in this browser tab, and is gone when you close the tab or clear it. Lifeline does not store it.',
  tooLong: (max: number) => `Messages can be up to ${max.toLocaleString()} characters.`,
  actionsGroup: 'What you can do now',
} as const

/** docs/spec.md §8, exact. */
export const chatToasts = {
  failed: { title: 'Error', description: 'AI chatbot is not yet configured. Coming soon!' },
} as const

/** docs/api.md: the longest message the server accepts. */
export const MESSAGE_MAX_LENGTH = 2000
/** How many earlier turns go with each message as context (the server keeps at most 20). */
export const HISTORY_TURNS = 12
/** The most messages kept in the browser. */
export const STORED_MESSAGES_MAX = 200
