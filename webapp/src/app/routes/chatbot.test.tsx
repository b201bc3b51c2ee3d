import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { chatText, chatToasts } from '@/features/chat/content'
import { conversationStorageKey } from '@/features/chat/hooks/use-conversation'
import { makeUser } from '@/testing/data'
import { jsonResponse, pending, sentBody, stubFetch, type FetchRoutes } from '@/testing/fetch-stub'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

beforeAll(preloadFormScreens)
afterEach(() => window.sessionStorage.clear())

const ana = makeUser({ id: 42 })
const storageKey = conversationStorageKey(ana.id)

function renderChat(routes: FetchRoutes = {}) {
  const fetchMock = stubFetch({ '/api/auth/session': { body: ana }, ...routes })
  return { fetchMock, ...renderApp('/chatbot') }
}

/** Replies "You said: …" after `release()` is called (or at once when `hold` is false). */
function chatServer({ hold = false } = {}) {
  const waiting: (() => void)[] = []
  const routes: FetchRoutes = {
    'POST /api/chatbot': (init) => {
      const { message } = JSON.parse(init?.body as string) as { message: string }
      const answer = () => jsonResponse({ body: { response: `You said: ${message}` } })
      if (!hold) return answer()
      return new Promise<Response>((resolve) => waiting.push(() => resolve(answer())))
    },
  }
  return { routes, release: () => waiting.shift()?.() }
}

const log = () => screen.getByRole('log', { name: chatText.conversation })
const box = () => screen.getByRole('textbox', { name: chatText.messageLabel })
const sendButton = () => screen.getByRole('button', { name: chatText.sendLabel })

function stored(): { role: string; content: string }[] {
  return JSON.parse(window.sessionStorage.getItem(storageKey) ?? '[]') as { role: string; content: string }[]
}

describe('chat', () => {
  it('greets first, with Send off while the box is blank', async () => {
    const { user } = renderChat()

    expect(await screen.findByRole('heading', { level: 1, name: chatText.title })).toBeInTheDocument()
    expect(within(log()).getByText(chatText.greeting)).toBeInTheDocument()
    expect(sendButton()).toBeDisabled()
    await user.type(box(), '   ')
    expect(sendButton()).toBeDisabled()
    expect(box().className).toMatch(/min-h-\[60px\]/)
    expect(box().className).toMatch(/max-h-\[120px\]/)
  })

  it('sends on Enter: the message shows at once, the box clears, a loading indicator, then the reply', async () => {
    const server = chatServer({ hold: true })
    const { user, fetchMock } = renderChat(server.routes)

    await user.type(await screen.findByRole('textbox', { name: chatText.messageLabel }), '  I had a rough day  {Enter}')

    expect(within(log()).getByText('I had a rough day')).toBeInTheDocument()
    expect(box()).toHaveValue('')
    expect(within(log()).getByRole('status')).toHaveTextContent(chatText.typing)
    expect(sentBody(fetchMock, 'POST', '/api/chatbot')).toEqual({ message: 'I had a rough day', history: [] })

    // Pending: typing is fine, sending is not.
    await user.type(box(), 'and then{Enter}')
    expect(sendButton()).toBeDisabled()
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1)

    server.release()
    expect(await within(log()).findByText('You said: I had a rough day')).toBeInTheDocument()
    expect(within(log()).queryByRole('status')).not.toBeInTheDocument()
    expect(sendButton()).toBeEnabled()
    expect(box()).toHaveValue('and then')
  })

  it('adds a new line on Shift+Enter without sending', async () => {
    const { user, fetchMock } = renderChat(chatServer().routes)

    await user.type(await screen.findByRole('textbox', { name: chatText.messageLabel }), 'first{Shift>}{Enter}{/Shift}second')

    expect(box()).toHaveValue('first\nsecond')
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
    await user.click(sendButton())
    expect(await within(log()).findByText('You said: first second', { normalizer: (s) => s.replace(/\s+/g, ' ') })).toBeInTheDocument()
  })

  it('sends the recent turns as history, and keeps the conversation across a reload', async () => {
    const { user, fetchMock, unmount } = renderChat(chatServer().routes)

    await user.type(await screen.findByRole('textbox', { name: chatText.messageLabel }), 'one{Enter}')
    await within(log()).findByText('You said: one')
    await user.type(box(), 'two{Enter}')
    await within(log()).findByText('You said: two')

    const bodies = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => JSON.parse(init?.body as string) as unknown)
    expect(bodies[1]).toEqual({
      message: 'two',
      history: [
        { role: 'user', content: 'one' },
        { role: 'assistant', content: 'You said: one' },
      ],
    })
    expect(stored().map((m) => m.content)).toEqual(['one', 'You said: one', 'two', 'You said: two'])
    expect(window.localStorage.length).toBe(0)

    unmount()
    renderChat(chatServer().routes)
    expect(await screen.findByText('You said: two')).toBeInTheDocument()
    expect(within(log()).getByText(chatText.greeting)).toBeInTheDocument()
  })

  it('sends at most the last 12 turns', async () => {
    const earlier = Array.from({ length: 30 }, (_, i) => ({
      id: `m${i}`,
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: `turn ${i}`,
      timestamp: '2026-11-22T10:00:00Z',
    }))
    window.sessionStorage.setItem(storageKey, JSON.stringify(earlier))
    const { user, fetchMock } = renderChat(chatServer().routes)

    await user.type(await screen.findByRole('textbox', { name: chatText.messageLabel }), 'now{Enter}')
    await within(log()).findByText('You said: now')

    const { history } = sentBody(fetchMock, 'POST', '/api/chatbot') as { history: { content: string }[] }
    expect(history.map((h) => h.content)).toEqual(earlier.slice(-12).map((m) => m.content))
  })

  it('clears the conversation after confirming', async () => {
    window.sessionStorage.setItem(
      storageKey,
      JSON.stringify([
        { id: 'a', role: 'user', content: 'something private', timestamp: '2026-11-22T10:00:00Z' },
        { id: 'b', role: 'assistant', content: 'I hear you.', timestamp: '2026-11-22T10:00:01Z' },
      ]),
    )
    const { user } = renderChat()

    expect(await screen.findByText('something private')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: chatText.clear }))
    let confirm = await screen.findByRole('alertdialog', { name: chatText.clearTitle })
    await user.click(within(confirm).getByRole('button', { name: chatText.clearCancel }))
    expect(screen.getByText('something private')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: chatText.clear }))
    confirm = await screen.findByRole('alertdialog', { name: chatText.clearTitle })
    await user.click(within(confirm).getByRole('button', { name: chatText.clearConfirm }))

    await waitFor(() => expect(screen.queryByText('something private')).not.toBeInTheDocument())
    expect(within(log()).getByText(chatText.greeting)).toBeInTheDocument()
    expect(window.sessionStorage.getItem(storageKey)).toBeNull()
    expect(screen.getByRole('button', { name: chatText.clear })).toBeDisabled()
  })

  it('shows the failure toast, marks the message not delivered, and sends it again on request', async () => {
    let fail = true
    const { user } = renderChat({
      'POST /api/chatbot': () =>
        fail
          ? jsonResponse({ status: 500, body: { error: 'internal', message: 'Please try again. 988' } })
          : jsonResponse({ body: { response: 'I am here.' } }),
    })

    await user.type(await screen.findByRole('textbox', { name: chatText.messageLabel }), 'hello{Enter}')

    expect(await screen.findByText(chatToasts.failed.description)).toBeInTheDocument()
    expect(screen.getByText(chatToasts.failed.title)).toBeInTheDocument()
    expect(within(log()).getByText('hello')).toBeInTheDocument()
    expect(within(log()).getByText(chatText.notDelivered)).toBeInTheDocument()

    fail = false
    await user.click(within(log()).getByRole('button', { name: chatText.retry }))
    expect(await within(log()).findByText('I am here.')).toBeInTheDocument()
    expect(within(log()).queryByText(chatText.notDelivered)).not.toBeInTheDocument()
    expect(within(log()).getAllByText('hello')).toHaveLength(1)
  })

  it('shows the loading indicator for as long as the reply takes', async () => {
    const { user } = renderChat({ 'POST /api/chatbot': pending })
    await user.type(await screen.findByRole('textbox', { name: chatText.messageLabel }), 'hi{Enter}')
    expect(screen.getByTestId('typing-indicator')).toBeInTheDocument()
    expect(sendButton()).toBeDisabled()
  })

  it('renders /crisis as an in-app link and helpline numbers as tel links, keeping line breaks', async () => {
    const reply =
      'Your safety comes first.\n• Call or text 988, the Suicide & Crisis Lifeline.\n• If you are in immediate danger, call 911 now.\n• Your crisis page: /crisis\nText HOME to 741741.'
    const { user, location } = renderChat({ 'POST /api/chatbot': { body: { response: reply } } })

    await user.type(await screen.findByRole('textbox', { name: chatText.messageLabel }), 'I want to end my life{Enter}')

    const answer = (await within(log()).findByText(/Your safety comes first/)).closest('[data-testid="message-content"]') as HTMLElement
    expect(answer).toHaveClass('whitespace-pre-wrap')
    expect(answer.textContent).toContain('\n• Call or text 988')
    expect(within(answer).getByRole('link', { name: '988' })).toHaveAttribute('href', 'tel:988')
    expect(within(answer).getByRole('link', { name: '911' })).toHaveAttribute('href', 'tel:911')
    expect(within(answer).queryByRole('link', { name: '741741' })).not.toBeInTheDocument()
    const crisis = within(answer).getByRole('link', { name: '/crisis' })
    expect(crisis).toHaveAttribute('href', '/crisis')

    await user.click(crisis)
    expect(location.history?.at(-1)).toBe('/crisis')
    expect(await screen.findByRole('heading', { level: 1, name: 'Need Help Right Now?' })).toBeInTheDocument()
  })
})

describe('answers that act', () => {
  const suicideAnswer = {
    response: "I'm really glad you told me.\n\n• Call or text 988.",
    concern: 'suicide',
    actions: [
      { kind: 'call', label: 'Call 988', href: 'tel:988' },
      { kind: 'text', label: 'Text 988', href: 'sms:988' },
      { kind: 'call', label: 'Call Sam (sponsor)', href: 'tel:5550134;ext=22' },
      { kind: 'sos', label: 'Alert my people now' },
      { kind: 'safety_plan', label: 'Open my safety plan' },
    ],
  }

  it('shows the actions under the answer, leaves the focus in the box, and keeps them across a reload', async () => {
    const { user, unmount } = renderChat({ 'POST /api/chatbot': { body: suicideAnswer }, '/api/supporters': { body: [] } })

    await user.type(await screen.findByRole('textbox', { name: chatText.messageLabel }), 'I want to kill myself{Enter}')

    const actions = await within(log()).findByRole('group', { name: chatText.actionsGroup })
    expect(within(actions).getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988')
    expect(within(actions).getByRole('link', { name: 'Text 988' })).toHaveAttribute('href', 'sms:988')
    expect(within(actions).getByRole('link', { name: 'Call Sam (sponsor)' })).toHaveAttribute('href', 'tel:5550134;ext=22')
    expect(within(actions).getByRole('link', { name: 'Open my safety plan' })).toHaveAttribute('href', '/crisis/safety-plan')
    expect(box()).toHaveFocus()

    // Reachable by keyboard: back from the box, the last actions come first.
    await user.tab({ shift: true })
    expect(within(actions).getByRole('link', { name: 'Open my safety plan' })).toHaveFocus()
    await user.tab({ shift: true })
    expect(within(actions).getByRole('button', { name: 'Alert my people now' })).toHaveFocus()
    await user.keyboard('{Enter}')
    const confirm = await screen.findByRole('alertdialog', { name: 'Alert your people now?' })
    await user.click(within(confirm).getByRole('button', { name: 'Not now' }))
    expect(within(actions).getByRole('button', { name: 'Alert my people now' })).toHaveFocus()

    unmount()
    renderChat()
    const again = await screen.findByRole('group', { name: chatText.actionsGroup })
    expect(within(again).getByRole('link', { name: 'Call Sam (sponsor)' })).toHaveAttribute('href', 'tel:5550134;ext=22')
  })

  const addSponsorAnswer = { ...suicideAnswer, actions: [suicideAnswer.actions[0], { kind: 'add_sponsor', label: 'Add my sponsor' }] }

  it('"Add my sponsor" opens the add-contact dialog with sponsor chosen', async () => {
    const { user } = renderChat({ 'POST /api/chatbot': { body: addSponsorAnswer }, '/api/sponsor': { body: { sponsor: null } } })

    await user.type(await screen.findByRole('textbox', { name: chatText.messageLabel }), 'I want to kill myself{Enter}')
    await user.click(await within(log()).findByRole('button', { name: 'Add my sponsor' }))

    const dialog = await screen.findByRole('dialog', { name: 'Add Emergency Contact' })
    expect(within(dialog).getByLabelText('Relationship')).toHaveValue('sponsor')
  })

  it('"Add my sponsor" calls the sponsor once there is one', async () => {
    const sam = { id: 4, name: 'Sam', phone: '555-0134 ext. 22', href: 'tel:5550134;ext=22' }
    const { user } = renderChat({ 'POST /api/chatbot': { body: addSponsorAnswer }, '/api/sponsor': { body: { sponsor: sam } } })
    await user.type(await screen.findByRole('textbox', { name: chatText.messageLabel }), 'I want to kill myself{Enter}')
    expect(await within(log()).findByRole('link', { name: 'Call Sam, my sponsor' })).toHaveAttribute('href', sam.href)
    expect(within(log()).queryByRole('button', { name: 'Add my sponsor' })).not.toBeInTheDocument()
  })

  it('"Add my sponsor" stays when who the sponsor is cannot be read', async () => {
    const { user } = renderChat({ 'POST /api/chatbot': { body: addSponsorAnswer }, '/api/sponsor': { status: 500, body: { error: 'internal', message: 'x' } } })
    await user.type(await screen.findByRole('textbox', { name: chatText.messageLabel }), 'I want to kill myself{Enter}')
    expect(await within(log()).findByRole('button', { name: 'Add my sponsor' })).toBeInTheDocument()
  })

  it('an ordinary answer has no actions', async () => {
    const { user } = renderChat(chatServer().routes)
    await user.type(await screen.findByRole('textbox', { name: chatText.messageLabel }), 'hello{Enter}')
    await within(log()).findByText('You said: hello')
    expect(screen.queryByRole('group', { name: chatText.actionsGroup })).not.toBeInTheDocument()
  })
})
