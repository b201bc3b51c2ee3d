import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { CopyField, type CopyFieldTexts } from './copy-field'

const texts: CopyFieldTexts = {
  copy: 'Copy',
  copyLabel: (label) => `Copy ${label}`,
  copied: 'Copied',
  copyFailed: 'Select the text and copy it',
}

describe('CopyField', () => {
  it('shows a code value under its label and copies it from the keyboard, announcing Copied', async () => {
    const user = userEvent.setup()
    render(<CopyField label="Token" value="tok_123" texts={texts} testId="token" />)
    const value = screen.getByLabelText('Token')
    expect(value).toHaveTextContent('tok_123')
    expect(value).toHaveAttribute('tabindex', '0')

    await user.tab()
    expect(value).toHaveFocus()
    await user.tab()
    const button = screen.getByRole('button', { name: 'Copy Token' })
    expect(button).toHaveFocus()
    await user.keyboard('{Enter}')

    expect(await navigator.clipboard.readText()).toBe('tok_123')
    // The button's word and the polite announcement both change; the accessible name stays.
    expect(screen.getByRole('button', { name: 'Copy Token' })).toHaveTextContent('Copied')
    expect(screen.getByText('Copied', { selector: '[aria-live="polite"]' })).toBeInTheDocument()
  })

  it('shows a link in a read-only text box that selects itself, with the plain word as the button name', async () => {
    const user = userEvent.setup()
    render(
      <CopyField
        display="input"
        label="Share link"
        value="https://example.org/share#token=t"
        texts={{ copy: 'Copy link', copied: 'Copied', copyFailed: 'Copy it by hand.' }}
      />,
    )
    const box = screen.getByRole('textbox', { name: 'Share link' })
    expect(box).toHaveValue('https://example.org/share#token=t')
    expect(box).toHaveAttribute('readonly')
    await user.click(box)
    expect((box as HTMLInputElement).selectionEnd).toBe('https://example.org/share#token=t'.length)
    await user.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(await navigator.clipboard.readText()).toBe('https://example.org/share#token=t')
  })

  it('says how to copy by hand when the browser refuses the clipboard', async () => {
    const user = userEvent.setup()
    render(<CopyField label="Token" value="tok_123" texts={texts} />)
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'))
    await user.click(screen.getByRole('button', { name: 'Copy Token' }))
    expect(await screen.findByText('Select the text and copy it')).toHaveAttribute('aria-live', 'polite')
    expect(screen.getByRole('button', { name: 'Copy Token' })).toHaveTextContent('Copy')
  })
})
