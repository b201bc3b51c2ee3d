import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderWithProviders } from '@/testing/test-utils'

import { chatText } from '../content'
import type { ChatAction } from '../types'
import { ChatActions } from './chat-actions'

const suicide: ChatAction[] = [
  { kind: 'call', label: 'Call 988', href: 'tel:988' },
  { kind: 'text', label: 'Text 988', href: 'sms:988' },
  { kind: 'call', label: 'Call Sam (sponsor)', href: 'tel:5550134;ext=22' },
  { kind: 'sos', label: 'Alert my people now' },
  { kind: 'safety_plan', label: 'Open my safety plan' },
]

const group = () => screen.getByRole('group', { name: chatText.actionsGroup })

describe('ChatActions', () => {
  it('shows each action in order as a link that does it, the first one filled', () => {
    renderWithProviders(<ChatActions actions={suicide} />)
    const links = within(group()).getAllByRole('link')
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Call 988', 'tel:988'],
      ['Text 988', 'sms:988'],
      ['Call Sam (sponsor)', 'tel:5550134;ext=22'],
      // Without the SOS feature composed in, the crisis page has the button.
      ['Alert my people now', '/crisis'],
      ['Open my safety plan', '/crisis/safety-plan'],
    ])
    expect(links[0].className).toMatch(/bg-destructive/)
    expect(links[1].className).not.toMatch(/bg-destructive/)
    // Big enough to hit on a phone.
    for (const link of links) expect(link.className).toMatch(/min-h-11/)
  })

  it('puts the composed actions in their places with the chat’s look', () => {
    renderWithProviders(
      <ChatActions
        actions={[...suicide, { kind: 'add_sponsor', label: 'Add my sponsor' }]}
        slots={{
          sos: ({ label, className }) => <button className={className}>{label}</button>,
          addSponsor: ({ label, className }) => <button className={className}>{label}</button>,
        }}
      />,
    )
    expect(within(group()).getByRole('button', { name: 'Alert my people now' }).className).toMatch(/min-h-11/)
    expect(within(group()).getByRole('button', { name: 'Add my sponsor' })).toBeInTheDocument()
    expect(within(group()).queryByRole('link', { name: 'Alert my people now' })).not.toBeInTheDocument()
  })

  it('writes notes as lines to read, and the coping step with where it comes from', () => {
    renderWithProviders(
      <ChatActions
        actions={[
          { kind: 'coping_plan', label: 'Go for a run with the dog', detail: 'From your coping plan' },
          { kind: 'note', label: 'Leave now', detail: 'Step outside, or walk away from where you are.' },
          { kind: 'call', label: 'Call 988', href: 'tel:988', quiet: true },
        ]}
      />,
    )
    expect(within(group()).getByRole('link', { name: /Go for a run with the dog/ })).toHaveAttribute('href', '/education/tools/coping-plan')
    expect(within(group()).getByText('Leave now.').closest('p')).toHaveTextContent('Leave now. Step outside, or walk away from where you are.')
    expect(within(group()).getByRole('link', { name: 'Call 988' }).className).not.toMatch(/bg-destructive|border-input/)
    expect(within(group()).getByRole('link', { name: /Go for a run/ }).className).toMatch(/bg-primary/)
  })

  it('never makes a link of anything but a call or a text', () => {
    renderWithProviders(
      <ChatActions
        actions={[
          { kind: 'call', label: 'Call evil', href: 'javascript:alert(1)' },
          { kind: 'unknown' as ChatAction['kind'], label: 'Mystery' },
          { kind: 'call', label: 'Call 911', href: 'tel:911' },
        ]}
      />,
    )
    expect(within(group()).getAllByRole('link').map((a) => a.textContent)).toEqual(['Call 911'])
  })
})
