import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { GroundingExercise } from './grounding-exercise'

describe('GroundingExercise', () => {
  it('steps through the five senses with a text box each, back and next, then a finish message', async () => {
    const user = userEvent.setup({ delay: null })
    render(<GroundingExercise finishAction={<button type="button">Done</button>} />)

    const steps = [
      '5 things you can see',
      '4 things you can touch',
      '3 things you can hear',
      '2 things you can smell',
      '1 thing you can taste',
    ]
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled()

    await user.type(screen.getByRole('textbox', { name: steps[0] }), 'a lamp')
    for (let i = 1; i < steps.length; i++) {
      await user.click(screen.getByRole('button', { name: 'Next' }))
      expect(screen.getByRole('heading', { name: steps[i] })).toHaveFocus()
      expect(screen.getByRole('textbox', { name: steps[i] })).toHaveValue('')
      expect(screen.getByText(`Step ${i + 1} of 5`)).toBeInTheDocument()
    }
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument()

    // Back keeps what was written.
    for (let i = 0; i < 4; i++) await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(screen.getByRole('textbox', { name: steps[0] })).toHaveValue('a lamp')

    for (let i = 0; i < 4; i++) await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(screen.getByRole('button', { name: 'Finish' }))
    expect(screen.getByRole('heading', { name: 'Well done.' })).toBeInTheDocument()
    expect(screen.getByText(/brought yourself back to the present moment/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Start again' }))
    expect(screen.getByRole('textbox', { name: steps[0] })).toHaveValue('')
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument()
  })
})
