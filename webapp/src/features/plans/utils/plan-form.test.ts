import { describe, expect, it } from 'vitest'

import { normalizePlan } from '../api/get-plan'
import { LIFELINE_988 } from '../content'
import { addSuggestion, formToInput, ownContacts, planToForm, sameInput, validatePlanForm } from './plan-form'
import { copingPlanShape as coping, safetyPlanShape as safety } from './plan-shapes'

describe('safety plan form', () => {
  it('never sends the 988 line as one of the person’s own professionals', () => {
    const plan = normalizePlan('safety-plan', { professionals: [LIFELINE_988], updatedAt: null })
    const form = planToForm(safety, plan)
    expect(form.professionals).toEqual([{ name: '', phone: '' }])
    expect(formToInput(safety, form).professionals).toEqual([])

    form.professionals = [{ ...LIFELINE_988 }, { name: ' Dr. Patel ', phone: ' 555-0100 ' }]
    expect(formToInput(safety, form).professionals).toEqual([{ name: 'Dr. Patel', phone: '555-0100' }])
  })

  it('trims entries and drops blank ones, giving every section a row to type into', () => {
    const form = planToForm(safety, normalizePlan('safety-plan', { warningSigns: ['Not sleeping'] }))
    expect(form.warningSigns).toEqual(['Not sleeping'])
    expect(form.reasonsForLiving).toEqual([''])
    form.reasonsForLiving = ['  my kids ', '   ']
    const input = formToInput(safety, form)
    expect(input.reasonsForLiving).toEqual(['my kids'])
    expect(input.copingStrategies).toEqual([])
    expect(Object.keys(input)).not.toContain('updatedAt')
  })

  it('asks for a name when only a number is given', () => {
    const form = planToForm(safety, normalizePlan('safety-plan', {}))
    form.professionals = [{ name: '', phone: '555' }, { name: '', phone: '' }]
    expect(validatePlanForm(safety, form, 'Add a name')).toEqual({ 0: 'Add a name' })
  })

  it('keeps the person’s own professionals apart from the fixed 988 row', () => {
    expect(ownContacts(safety, { professionals: [LIFELINE_988, { name: 'Clinic', phone: '1' }] })).toEqual([
      { name: 'Clinic', phone: '1' },
    ])
  })
})

describe('coping plan form', () => {
  it('gives every section a row to type into, and sends every section as a list', () => {
    const form = planToForm(coping, normalizePlan('coping-plan', { safePlaces: ['The library'] }))
    expect(form.safePlaces).toEqual(['The library'])
    expect(form.warningSigns).toEqual([''])
    expect(form.peopleToCall).toEqual([{ name: '', phone: '' }])
    expect(formToInput(coping, form)).toEqual({
      warningSigns: [],
      triggersToAvoid: [],
      copingActions: [],
      peopleToCall: [],
      safePlaces: ['The library'],
    })
  })

  it('trims entries and drops blank ones, as the server does', () => {
    const form = planToForm(coping, normalizePlan('coping-plan', {}))
    form.copingActions = ['  Go for a walk ', '   ', 'Call Sam']
    form.peopleToCall = [{ name: ' Sam ', phone: ' 555-0100 ' }, { name: ' ', phone: '' }]
    const input = formToInput(coping, form)
    expect(input.copingActions).toEqual(['Go for a walk', 'Call Sam'])
    expect(input.peopleToCall).toEqual([{ name: 'Sam', phone: '555-0100' }])
    expect(Object.keys(input)).not.toContain('updatedAt')
  })

  it('sees a change only when it would save something different', () => {
    const a = planToForm(coping, normalizePlan('coping-plan', { warningSigns: ['Not sleeping'] }))
    const b = planToForm(coping, normalizePlan('coping-plan', { warningSigns: ['Not sleeping'] }))
    b.warningSigns = ['Not sleeping ', '']
    expect(sameInput(coping, a, b)).toBe(true)
    b.warningSigns = ['Not sleeping', 'Skipping meals']
    expect(sameInput(coping, a, b)).toBe(false)
  })

  it('asks for a name when only a number is given', () => {
    const form = planToForm(coping, normalizePlan('coping-plan', {}))
    form.peopleToCall = [{ name: 'Sam', phone: '1' }, { name: '', phone: '555' }, { name: '', phone: '' }]
    expect(validatePlanForm(coping, form, 'Add a name')).toEqual({ 1: 'Add a name' })
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
