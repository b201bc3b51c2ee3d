import { describe, expect, it } from 'vitest'

import { normalizeCopingPlan } from '../api/get-coping-plan'
import { addSuggestion, formToInput, planToForm, sameInput, validatePlanForm } from './plan-form'

describe('coping plan form', () => {
  it('gives every section a row to type into, and sends every section as a list', () => {
    const form = planToForm(normalizeCopingPlan({ safePlaces: ['The library'] }))
    expect(form.safePlaces).toEqual(['The library'])
    expect(form.warningSigns).toEqual([''])
    expect(form.peopleToCall).toEqual([{ name: '', phone: '' }])
    expect(formToInput(form)).toEqual({
      warningSigns: [],
      triggersToAvoid: [],
      copingActions: [],
      peopleToCall: [],
      safePlaces: ['The library'],
    })
  })

  it('trims entries and drops blank ones, as the server does', () => {
    const form = planToForm(normalizeCopingPlan({}))
    form.copingActions = ['  Go for a walk ', '   ', 'Call Sam']
    form.peopleToCall = [{ name: ' Sam ', phone: ' 555-0100 ' }, { name: ' ', phone: '' }]
    const input = formToInput(form)
    expect(input.copingActions).toEqual(['Go for a walk', 'Call Sam'])
    expect(input.peopleToCall).toEqual([{ name: 'Sam', phone: '555-0100' }])
    expect(Object.keys(input)).not.toContain('updatedAt')
  })

  it('sees a change only when it would save something different', () => {
    const a = planToForm(normalizeCopingPlan({ warningSigns: ['Not sleeping'] }))
    const b = planToForm(normalizeCopingPlan({ warningSigns: ['Not sleeping'] }))
    b.warningSigns = ['Not sleeping ', '']
    expect(sameInput(a, b)).toBe(true)
    b.warningSigns = ['Not sleeping', 'Skipping meals']
    expect(sameInput(a, b)).toBe(false)
  })

  it('asks for a name when only a number is given', () => {
    const form = planToForm(normalizeCopingPlan({}))
    form.peopleToCall = [{ name: 'Sam', phone: '1' }, { name: '', phone: '555' }, { name: '', phone: '' }]
    expect(validatePlanForm(form, 'Add a name')).toEqual({ 1: 'Add a name' })
  })

  it.each([
    ['fills the first empty row', ['Walk', ''], 'Journal', 25, ['Walk', 'Journal']],
    ['adds a row when none is empty', ['Walk'], 'Journal', 25, ['Walk', 'Journal']],
    ['skips an idea already there, in any case', ['journal '], 'Journal', 25, null],
    ['stops at the limit', ['a', 'b'], 'c', 2, null],
  ])('a suggestion %s', (_, list, idea, max, want) => {
    expect(addSuggestion(list, idea, max)).toEqual(want)
  })
})
