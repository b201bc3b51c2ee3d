import { describe, expect, it } from 'vitest'

import { normalizeSafetyPlan } from '../api/get-safety-plan'
import { LIFELINE_988 } from '../content'
import { formToInput, ownProfessionals, planToForm, validatePlanForm } from './plan-form'

describe('safety plan form', () => {
  it('never sends the 988 line as one of the person’s own professionals', () => {
    const plan = normalizeSafetyPlan({ professionals: [LIFELINE_988], updatedAt: null })
    const form = planToForm(plan)
    expect(form.professionals).toEqual([{ name: '', phone: '' }])
    expect(formToInput(form).professionals).toEqual([])

    form.professionals = [{ ...LIFELINE_988 }, { name: ' Dr. Patel ', phone: ' 555-0100 ' }]
    expect(formToInput(form).professionals).toEqual([{ name: 'Dr. Patel', phone: '555-0100' }])
  })

  it('trims entries and drops blank ones, giving every section a row to type into', () => {
    const form = planToForm(normalizeSafetyPlan({ warningSigns: ['Not sleeping'] }))
    expect(form.warningSigns).toEqual(['Not sleeping'])
    expect(form.reasonsForLiving).toEqual([''])
    form.reasonsForLiving = ['  my kids ', '   ']
    const input = formToInput(form)
    expect(input.reasonsForLiving).toEqual(['my kids'])
    expect(input.copingStrategies).toEqual([])
    expect(Object.keys(input)).not.toContain('updatedAt')
  })

  it('asks for a name when only a number is given', () => {
    const form = planToForm(normalizeSafetyPlan({}))
    form.professionals = [{ name: '', phone: '555' }, { name: '', phone: '' }]
    expect(validatePlanForm(form, 'Add a name')).toEqual({ 0: 'Add a name' })
  })

  it('keeps the person’s own professionals apart from the fixed 988 row', () => {
    expect(ownProfessionals({ professionals: [LIFELINE_988, { name: 'Clinic', phone: '1' }] })).toEqual([
      { name: 'Clinic', phone: '1' },
    ])
  })
})
